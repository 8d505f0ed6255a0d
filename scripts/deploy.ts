/**
 * `npm run deploy [-- --dry-run]`: the one way to ship. Builds the SPA and both workers for
 * `[env.production]` (CLOUDFLARE_ENV=production; never LOCAL_STACK) into dist/, refuses when a
 * generated config carries a secret, a local value or an unfilled placeholder
 * (scripts/deploy-check.ts), then deploys the hub first (the edge binds to it) and the edge.
 * Secrets are set once with `wrangler secret put` (see the README), never in a build.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { deployProblems } from "./deploy-check.ts";
import { ROOT } from "./local-env.ts";

const passThrough = process.argv.slice(2);
const bin = (pkg: string, rel: string) => path.join(ROOT, "node_modules", pkg, rel);

function run(args: string[], env: NodeJS.ProcessEnv): void {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.env.LOCAL_STACK === "1") {
  console.error(
    "Refusing to deploy: LOCAL_STACK=1 is set (that builds for the local emulator). Unset it and run `npm run deploy` again.",
  );
  process.exit(1);
}
const env: NodeJS.ProcessEnv = { ...process.env, CLOUDFLARE_ENV: "production", LOCAL_STACK: "" };
delete env.SUPABASE_SECRET_KEY;

console.log("Building for [env.production] into dist/ …");
run([bin("vite", "bin/vite.js"), "build"], env);

const configs = ["ghana_realty_hub", "ghana_realty_edge"].map((w) =>
  path.join(ROOT, "dist", w, "wrangler.json"),
);
const problems = configs.flatMap((file) => {
  if (!fs.existsSync(file)) return [`${path.relative(ROOT, file)} is missing`];
  return deployProblems(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>).map(
    (p) => `${path.relative(ROOT, file)}: ${p}`,
  );
});
if (problems.length) {
  console.error("Refusing to deploy this build:");
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}

const wrangler = bin("wrangler", "bin/wrangler.js");
console.log("Deploying the hub, then the edge …");
run([wrangler, "deploy", "-c", configs[0]!, ...passThrough], env);
run([wrangler, "deploy", ...passThrough], env);
