/**
 * Build-size report (`npm run size`): the initial JavaScript (gzip) downloaded before each screen
 * shows, read from the Vite manifest of a finished client build: every public page and `/auth`,
 * the back-office frame, every back-office module's page, the leads hunt and the partner portal.
 * Fails (exit 1) when
 *  - a route's initial JS exceeds its budget (BUDGETS below: public pages 120 KB, the frame
 *    150 KB, a back-office page with the frame 220 KB, the field screens — leads hunt and
 *    partner portal, phones on mobile data — 160 KB),
 *  - any back-office chunk or back-office code is part of a public route's initial JS,
 *  - the Supabase secret key (or any `sb_secret_` key) occurs in any file of the client build.
 *
 * Usage: npm run size [-- --dist dist/client] [--json] [--why <route>]
 *   (default: the newer of dist/client and dist-local/client). `--why /deals` lists that route's
 *   chunks, largest first, with the source modules that fill them (scripts/bundle/).
 * Needs `build.manifest: true` (vite.config.ts) so that `<dist>/.vite/manifest.json` exists.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROUTES } from "#core/routes.ts";
import { MODULE_STATS_FILE, type ModuleStats } from "./bundle/module-stats.ts";
import { whyReport } from "./bundle/why.ts";
import { LOCAL_CLIENT_DIR, LOCAL_SECRET_KEY, ROOT } from "./local-env.ts";

/** Initial JavaScript, gzip, per kind of screen: the one definition `npm test` checks too. */
export const BUDGETS = {
  public: 120 * 1024,
  frame: 150 * 1024,
  backOffice: 220 * 1024,
  field: 160 * 1024,
} as const;
export type BudgetKind = keyof typeof BUDGETS;

/**
 * Signed-in screens still over their budget, each a known debt: reported as over, not failed.
 * A ratchet — a screen on this list that comes within its budget fails the check until it is
 * taken off, and a screen not on it fails as soon as it goes over.
 */
export const OVER_BUDGET_PENDING: ReadonlySet<string> = new Set([
  "/business-contacts",
  "/invoices-receipts",
  "/tasks",
]);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Source files whose chunks hold back-office code (lazy modules of the shell and later issues). */
export function isBackOfficeSource(src: string): boolean {
  if (src.startsWith("app/features/public/")) return false;
  if (src.startsWith("app/features/auth/")) return false;
  if (
    src === "app/modules.ts" ||
    src === "app/module-pages.ts" ||
    src === "app/field-modules.ts" ||
    src === "app/dashboard-widgets.ts" ||
    src.startsWith("app/lib/modules/")
  )
    return true;
  // The record kit (data table, record form, kanban, history) exists for the back office only.
  if (src.startsWith("app/components/records/")) return true;
  return (
    src.startsWith("app/features/") &&
    !src.startsWith("app/features/shell/require-access") &&
    !src.startsWith("app/features/shell/no-access-page") &&
    !src.startsWith("app/features/shell/route-error-page") &&
    !src.startsWith("app/features/shell/stale-link-warning") &&
    !src.startsWith("app/features/shell/back-office-pages")
  );
}

/** Strings that only back-office screens render: none may appear in a public route's JS. */
const BACK_OFFICE_MARKERS = [
  "Back-office modules",
  "Set up an authenticator app",
  "Notifications and formats",
  "Discard unsaved changes?",
  "Show older changes",
];

/** Keys of the chunk and everything it imports statically (what loads before it can run). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key]!.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/**
 * The manifest key of the chunk holding a source module: its own key when it is an entry of its
 * own, else the shared chunk the bundler put it in (found through the build's module stats).
 */
function chunkKeyOf(dist: string, manifest: Manifest, src: string): string {
  if (manifest[src]) return src;
  const statsFile = path.join(dist, MODULE_STATS_FILE);
  const stats: ModuleStats = fs.existsSync(statsFile) ? JSON.parse(fs.readFileSync(statsFile, "utf8")) : {};
  const file = Object.keys(stats).find((f) => stats[f]![src] !== undefined);
  const key = file && Object.keys(manifest).find((k) => manifest[k]!.file === file);
  if (!key) throw new Error(`${src} is in no chunk of the build (renamed? update scripts/size.ts)`);
  return key;
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

export interface RouteReport {
  route: string;
  kind: BudgetKind;
  chunks: string[];
  rawBytes: number;
  gzipBytes: number;
  backOfficeChunks: string[];
  backOfficeMarkers: string[];
}

export function reportRoute(
  dist: string,
  manifest: Manifest,
  route: string,
  pageSources: string[],
  kind: BudgetKind = "public",
): RouteReport {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith("index.html"));
  if (!entry) throw new Error("no index.html entry in the manifest");
  const keys = staticClosure(manifest, entry);
  for (const src of pageSources) staticClosure(manifest, chunkKeyOf(dist, manifest, src), keys);
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js"));
  const unique = [...new Set(files)];
  let rawBytes = 0;
  let gzipBytes = 0;
  const backOfficeMarkers = new Set<string>();
  for (const f of unique) {
    const full = path.join(dist, f);
    rawBytes += fs.statSync(full).size;
    gzipBytes += gzipSize(full);
    const text = fs.readFileSync(full, "utf8");
    for (const m of BACK_OFFICE_MARKERS) if (text.includes(m)) backOfficeMarkers.add(`${m} (in ${f})`);
  }
  const backOfficeChunks = [...keys].filter((k) => {
    const src = manifest[k]!.src ?? k;
    return isBackOfficeSource(src);
  });
  return {
    route,
    kind,
    chunks: unique,
    rawBytes,
    gzipBytes,
    backOfficeChunks,
    backOfficeMarkers: [...backOfficeMarkers],
  };
}

/**
 * Every page of the public site's page table (app/features/public/pages.ts: route patterns and
 * the form hosts' roots), read from its source so a new page is budgeted without a second list,
 * plus the sign-in screen.
 */
export function budgetedRoutes(): Array<{ route: string; pages: string[] }> {
  const table = fs.readFileSync(path.join(ROOT, "app/features/public/pages.ts"), "utf8");
  const entries = [
    ...table.matchAll(/^\s*(?:"([^"]+)"|(\w+)):\s*lazy\(\(\) => import\("\.\/pages\/([^"]+)"\)\)/gm),
  ];
  if (entries.length < 10)
    throw new Error(
      "could not read the page table in app/features/public/pages.ts (format changed? update scripts/size.ts)",
    );
  return [
    ...entries.map(([, route, host, file]) => ({
      route: route ?? `${host} host /`,
      // The site's header and footer (a lazy layout, loaded with the page).
      pages: ["app/features/public/public-layout.tsx", `app/features/public/pages/${file}`],
    })),
    { route: "/auth", pages: ["app/features/auth/sign-in-page.tsx"] },
  ];
}
export const BUDGETED_ROUTES = budgetedRoutes();

/** Initial-JS reports of the budgeted routes of a finished client build (`npm test` checks them too). */
export function reportBuild(dist: string): RouteReport[] {
  const manifestFile = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile))
    throw new Error(`No manifest at ${manifestFile}. Build first (vite build with build.manifest: true).`);
  const manifest = readManifest(dist);
  return BUDGETED_ROUTES.map(({ route, pages }) => reportRoute(dist, manifest, route, pages));
}

/** The back-office frame every module page loads in (lazy, after sign-in). */
export const BACK_OFFICE_FRAME = "app/features/shell/dashboard-layout.tsx";
/**
 * Loaded by the session for every signed-in screen before it shows (dynamic imports: in no
 * page's closure): the auth client and the profile's parser (the role picks the screen).
 */
const SESSION = ["app/lib/supabase.ts", "core/schemas/profile.ts"];
/** The page that picks a module's screen for a back-office path (in the frame; outside it, the field page). */
const BACK_OFFICE_PAGE = "app/features/shell/back-office-page.tsx";
const FIELD_PAGE = "app/features/shell/field-page.tsx";

/**
 * The signed-in screens: the frame; every back-office module's main page, read from its
 * registry entry and pages (app/features/<id>/module.ts: `path`; pages.ts:
 * `page: lazy(() => import("./…"))`), with the frame when core's route table puts it in the
 * dashboard layout, bare otherwise (the leads hunt, a field screen); and the partner portal at
 * the collab host's root.
 */
export function backOfficeRoutes(): Array<{ route: string; pages: string[]; kind: BudgetKind }> {
  const features = path.join(ROOT, "app/features");
  const out: Array<{ route: string; pages: string[]; kind: BudgetKind }> = [];
  for (const dir of fs.readdirSync(features).sort()) {
    const file = path.join(features, dir, "module.ts");
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    const pagesFile = path.join(features, dir, "pages.ts");
    const pagesText = fs.existsSync(pagesFile) ? fs.readFileSync(pagesFile, "utf8") : "";
    const route = /^\s*path:\s*"([^"]+)"/m.exec(text)?.[1];
    // `page: lazy(() => import("./x"))`, or `page,` with `const page = lazy(() => import("./x"))`
    // above it (a module whose sub-routes share the page).
    const page =
      /^\s*page:\s*lazy\(\(\) => import\("\.\/([^"]+)"\)\)/m.exec(pagesText)?.[1] ??
      (/^\s*page,\s*$/m.test(pagesText)
        ? /^const page = lazy\(\(\) => import\("\.\/([^"]+)"\)\);/m.exec(pagesText)?.[1]
        : undefined);
    if (!route || !page)
      throw new Error(
        `could not read path (module.ts) and page (pages.ts) of app/features/${dir} (format changed? update scripts/size.ts)`,
      );
    const inFrame = ROUTES.find((r) => r.path === route)?.layout === "dashboard";
    out.push({
      route,
      pages: [
        ...SESSION,
        ...(inFrame ? [BACK_OFFICE_FRAME, BACK_OFFICE_PAGE] : [FIELD_PAGE]),
        `app/features/${dir}/${page}`,
      ],
      kind: inFrame ? "backOffice" : "field",
    });
  }
  out.sort((a, b) => a.route.localeCompare(b.route));
  return [
    { route: "back-office frame", pages: [...SESSION, BACK_OFFICE_FRAME], kind: "frame" },
    ...out,
    {
      route: "partner portal",
      pages: [...SESSION, "app/features/partner-portal/portal-page.tsx"],
      kind: "field",
    },
  ];
}

function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** Initial-JS reports of the signed-in screens of a finished client build. */
export function reportBackOffice(dist: string): RouteReport[] {
  const manifest = readManifest(dist);
  return backOfficeRoutes().map(({ route, pages, kind }) => reportRoute(dist, manifest, route, pages, kind));
}

/** Why a route fails its budget: over it, or back-office chunks or code in its initial JS. */
export function budgetFailures(r: RouteReport): string[] {
  const failures: string[] = [];
  const budget = BUDGETS[r.kind];
  const pending = OVER_BUDGET_PENDING.has(r.route);
  if (r.gzipBytes > budget && !pending)
    failures.push(`${r.route}: ${(r.gzipBytes / 1024).toFixed(1)} KB gzip > ${budget / 1024} KB (${r.kind})`);
  if (r.gzipBytes <= budget && pending)
    failures.push(`${r.route}: within its budget now — take it off OVER_BUDGET_PENDING in scripts/size.ts`);
  if (r.kind !== "public") return failures;
  if (r.backOfficeChunks.length)
    failures.push(`${r.route}: back-office chunks in the initial JS: ${r.backOfficeChunks.join(", ")}`);
  if (r.backOfficeMarkers.length)
    failures.push(`${r.route}: back-office code in the initial JS: ${r.backOfficeMarkers.join(", ")}`);
  return failures;
}

/** A complete secret key (supabase-js itself contains the bare `sb_secret_` prefix, to detect keys). */
const SECRET_KEY_PATTERN = /sb_secret_[A-Za-z0-9_-]{12,}/;

export function findSecrets(dist: string, secrets: string[]): string[] {
  const hits: string[] = [];
  for (const file of walk(dist)) {
    const text = fs.readFileSync(file).toString("latin1");
    const rel = path.relative(dist, file);
    for (const s of secrets)
      if (s && text.includes(s)) hits.push(`${rel} contains the configured secret key`);
    const m = SECRET_KEY_PATTERN.exec(text);
    if (m) hits.push(`${rel} contains a secret key ${m[0].slice(0, 14)}…`);
  }
  return hits;
}

/** The newer of the deploy build (dist/client) and the local stack's build (dist-local/client). */
function newestClientBuild(): string {
  const builds = [path.join(ROOT, "dist", "client"), LOCAL_CLIENT_DIR].filter((d) =>
    fs.existsSync(path.join(d, ".vite", "manifest.json")),
  );
  builds.sort(
    (a, b) =>
      fs.statSync(path.join(b, ".vite", "manifest.json")).mtimeMs -
      fs.statSync(path.join(a, ".vite", "manifest.json")).mtimeMs,
  );
  return builds[0] ?? path.join(ROOT, "dist", "client");
}

function main() {
  const args = process.argv.slice(2);
  const distArg = args.includes("--dist") ? args[args.indexOf("--dist") + 1] : undefined;
  const dist = path.resolve(ROOT, distArg ?? newestClientBuild());
  let routes: RouteReport[];
  let backOffice: RouteReport[];
  try {
    routes = reportBuild(dist);
    backOffice = reportBackOffice(dist);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  if (args.includes("--why")) {
    const name = args[args.indexOf("--why") + 1];
    const r = [...routes, ...backOffice].find((x) => x.route === name);
    const pages = [...BUDGETED_ROUTES, ...backOfficeRoutes()].find((x) => x.route === name)?.pages;
    if (!r) {
      console.error(
        `no route "${name}"; one of: ${[...routes, ...backOffice].map((x) => x.route).join(", ")}`,
      );
      process.exit(1);
    }
    console.log(whyReport(dist, r, pages));
    return;
  }
  const secrets = [LOCAL_SECRET_KEY, process.env.SUPABASE_SECRET_KEY ?? ""].filter(Boolean);
  const secretHits = findSecrets(dist, secrets);

  const failures = [...routes, ...backOffice].flatMap(budgetFailures);
  failures.push(...secretHits.map((h) => `secret key in the client build: ${h}`));

  if (args.includes("--json")) {
    console.log(JSON.stringify({ dist, routes, backOffice, secretHits, failures }, null, 2));
  } else {
    console.log(`Initial JavaScript per route (${path.relative(ROOT, dist) || dist}):`);
    for (const r of routes) {
      console.log(
        `  ${r.route.padEnd(24)} ${(r.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzip  (${(r.rawBytes / 1024).toFixed(1)} KB raw, ${r.chunks.length} files)`,
      );
    }
    console.log(
      `  budget ${BUDGETS.public / 1024} KB gzip per public route; back-office chunks absent: ${routes.every((r) => !r.backOfficeChunks.length && !r.backOfficeMarkers.length) ? "yes" : "NO"}; secret key absent: ${secretHits.length ? "NO" : "yes"}`,
    );
    console.log(
      `Signed-in screens (budgets: frame ${BUDGETS.frame / 1024} KB, a page with the frame ${BUDGETS.backOffice / 1024} KB, field screens ${BUDGETS.field / 1024} KB):`,
    );
    for (const r of backOffice) {
      console.log(
        `  ${r.route.padEnd(26)} ${(r.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzip / ${BUDGETS[r.kind] / 1024}${r.gzipBytes > BUDGETS[r.kind] ? " OVER (pending)" : ""}  (${(r.rawBytes / 1024).toFixed(1)} KB raw, ${r.chunks.length} files)`,
      );
    }
  }
  if (failures.length) {
    for (const f of failures) console.error(`FAIL ${f}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
