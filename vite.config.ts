import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Connect, type Plugin } from "vite";
import { PAYSTACK_SANDBOX_SECRET_KEY } from "#core/payments/online-payments.ts";
import { LOCAL_EMAIL_WEBHOOK_SECRET } from "#core/email-marketing/sending.ts";
import {
  LOCAL_WHATSAPP_ACCESS_TOKEN,
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  LOCAL_WHATSAPP_VERIFY_TOKEN,
  WHATSAPP_SANDBOX_GRAPH_PATH,
} from "#core/whatsapp/whatsapp.ts";
import { admitBody, clientAddress } from "#scripts/edge-front.ts";
import { LOCAL_BUILD_DIR } from "#scripts/local-env.ts";
import { authWithoutUnused } from "#scripts/bundle/auth-without-unused.ts";
import { moduleStats } from "#scripts/bundle/module-stats.ts";
import { shortPreloadLists } from "#scripts/bundle/preload-lists.ts";
import { serviceWorker } from "#scripts/bundle/service-worker.ts";
import { zodWithoutJsonSchema } from "#scripts/bundle/zod-without-json-schema.ts";
import { prerenderPages } from "#scripts/prerender.ts";

const env = process.env;
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const sitePort = Number(env.SITE_PORT ?? 8787);
const localStack = env.LOCAL_STACK === "1";
/** Where local builds go: never dist/, which only `npm run deploy` builds (scripts/deploy.ts). */
const localBuildDir = path.relative(ROOT, LOCAL_BUILD_DIR);
const localSecretKey = env.SUPABASE_SECRET_KEY ?? "sb_secret_ghana_realty_local_dev_key_never_ship";
/** The edge worker's WhatsApp secrets on a local stack (the emulator's sandbox knows the same ones). */
const localWhatsAppSecrets = {
  WHATSAPP_ACCESS_TOKEN: LOCAL_WHATSAPP_ACCESS_TOKEN,
  WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: LOCAL_WHATSAPP_VERIFY_TOKEN,
};

/**
 * Sets (or with null removes) a request header where the Cloudflare plugin reads it: it builds
 * workerd's request from `rawHeaders`, not from `headers`.
 */
function setRawHeader(req: IncomingMessage, name: string, value: string | null): void {
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== name.toLowerCase())
      raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  if (value !== null) raw.push(name, value);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  if (value === null) delete req.headers[name.toLowerCase()];
  else req.headers[name.toLowerCase()] = value;
}

/**
 * What Cloudflare's edge does before a request reaches the worker, done by the local dev and
 * preview servers in front of workerd with the local stack's front (scripts/edge-front.ts):
 * CF-Connecting-IP from the connection, and an /api/ body over the cap answered 413 here, never
 * streamed on — workerd answers such a request before reading it, and the dev server's proxy then
 * fails mid-upload with a 500. A chunked body within the cap goes on whole, with a length.
 */
function edgeInFrontOfWorkerd(): Plugin {
  const handle: Connect.NextHandleFunction = (req, res, next) => {
    setRawHeader(req, "CF-Connecting-IP", clientAddress(req.socket));
    void admitBody(req).then(({ body, refused }) => {
      if (refused) return void res.writeHead(refused.status, refused.headers).end(refused.body);
      if (!body) return next();
      req.removeAllListeners("data");
      req.removeAllListeners("end");
      setRawHeader(req, "Transfer-Encoding", null);
      setRawHeader(req, "Content-Length", String(body.length));
      // The next handler subscribes to the request's events; replay the body once it has.
      const on = req.on.bind(req);
      let replayed = false;
      req.on = ((event: string, listener: (...args: unknown[]) => void) => {
        on(event, listener);
        if (event === "end" && !replayed) {
          replayed = true;
          setImmediate(() => {
            if (body.length) req.emit("data", body);
            req.emit("end");
          });
        }
        return req;
      }) as typeof req.on;
      next();
    });
  };
  return {
    name: "ghana-realty:edge-in-front-of-workerd",
    enforce: "pre",
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  };
}

/**
 * A local build stays local: its workers get the development secret key from a `.dev.vars`
 * beside their generated config (vite preview reads it; `wrangler deploy` never uploads it), and
 * the deploy redirect the Cloudflare plugin writes is moved into dist-local/, where only the
 * local preview (started with dist-local as its working directory, scripts/stack.ts) looks —
 * so a `wrangler deploy` in the project never picks up a local build.
 */
function keepLocalBuildApart(): Plugin {
  return {
    name: "ghana-realty:local-build",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const root = builder.config.root;
        for (const name of ["ghana_realty_edge", "ghana_realty_hub"]) {
          const outDir = builder.environments[name]?.config.build.outDir;
          if (!outDir) continue;
          const file = path.resolve(root, outDir, ".dev.vars");
          const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
          if (!/^SUPABASE_SECRET_KEY=/m.test(existing))
            fs.writeFileSync(file, `${existing}SUPABASE_SECRET_KEY='${localSecretKey}'\n`);
          // The edge worker's Paystack key: the emulator sandbox's, a secret like the one above.
          const now = fs.readFileSync(file, "utf8");
          if (name === "ghana_realty_edge" && !/^PAYSTACK_SECRET_KEY=/m.test(now))
            fs.writeFileSync(file, `${now}PAYSTACK_SECRET_KEY='${PAYSTACK_SANDBOX_SECRET_KEY}'\n`);
          // The e-mail provider webhook's signing secret (the local one; production: a wrangler secret).
          const then = fs.readFileSync(file, "utf8");
          if (name === "ghana_realty_edge" && !/^EMAIL_WEBHOOK_SECRET=/m.test(then))
            fs.writeFileSync(file, `${then}EMAIL_WEBHOOK_SECRET='${LOCAL_EMAIL_WEBHOOK_SECRET}'\n`);
          // WhatsApp's sandbox token, the app secret its webhooks are signed with, the handshake token.
          if (name === "ghana_realty_edge")
            for (const [key, value] of Object.entries(localWhatsAppSecrets)) {
              const vars = fs.readFileSync(file, "utf8");
              if (!new RegExp(`^${key}=`, "m").test(vars))
                fs.writeFileSync(file, `${vars}${key}='${value}'\n`);
            }
        }
        const redirect = path.join(root, ".wrangler", "deploy", "config.json");
        if (!fs.existsSync(redirect)) return;
        const deploy = JSON.parse(fs.readFileSync(redirect, "utf8")) as {
          configPath: string;
          auxiliaryWorkers: { configPath: string }[];
          prerenderWorkerConfigPath?: string;
        };
        const target = path.join(LOCAL_BUILD_DIR, ".wrangler", "deploy", "config.json");
        const rebase = (p: string) =>
          path.relative(path.dirname(target), path.resolve(path.dirname(redirect), p));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(
          target,
          JSON.stringify({
            configPath: rebase(deploy.configPath),
            auxiliaryWorkers: deploy.auxiliaryWorkers.map((w) => ({ configPath: rebase(w.configPath) })),
            ...(deploy.prerenderWorkerConfigPath
              ? { prerenderWorkerConfigPath: rebase(deploy.prerenderWorkerConfigPath) }
              : {}),
          }),
        );
        // Only remove the project's redirect when it is this build's (never a production build's).
        if (path.resolve(path.dirname(redirect), deploy.configPath).startsWith(LOCAL_BUILD_DIR + path.sep))
          fs.rmSync(redirect);
      },
    },
  };
}

/**
 * LOCAL_STACK=1 (set by `npm start` and the test harness) points both workers at the local
 * emulator on EMULATOR_PORT, builds into dist-local/ and hands the workers the local secret key
 * (as a var in `vite dev`, through dist-local's .dev.vars in a build). A deploy build leaves it
 * unset and selects `[env.production]` with CLOUDFLARE_ENV=production (npm run deploy): there
 * the key is a wrangler secret, never a var.
 */
export default defineConfig(({ command, isPreview }) => {
  const localVars: Record<string, string> = localStack
    ? {
        SUPABASE_URL: env.SUPABASE_URL ?? `http://127.0.0.1:${env.EMULATOR_PORT ?? 54321}`,
        SITE_PORT: String(sitePort),
        ...(command === "serve" && !isPreview ? { SUPABASE_SECRET_KEY: localSecretKey } : {}),
      }
    : {};
  /** The edge worker only: "Pay now" and WhatsApp against the emulator's sandboxes (emulator/src/paystack/, whatsapp/). */
  const paymentVars: Record<string, string> = localStack
    ? {
        PAYSTACK_BASE_URL: `${localVars.SUPABASE_URL}/_paystack`,
        WHATSAPP_BASE_URL: `${localVars.SUPABASE_URL}${WHATSAPP_SANDBOX_GRAPH_PATH}`,
        WHATSAPP_PHONE_NUMBER_ID: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
        ...(command === "serve" && !isPreview
          ? {
              PAYSTACK_SECRET_KEY: PAYSTACK_SANDBOX_SECRET_KEY,
              EMAIL_WEBHOOK_SECRET: LOCAL_EMAIL_WEBHOOK_SECRET,
              ...localWhatsAppSecrets,
            }
          : {}),
      }
    : {};
  return {
    plugins: [
      edgeInFrontOfWorkerd(),
      react(),
      tailwindcss(),
      cloudflare({
        configPath: "./wrangler.toml",
        auxiliaryWorkers: [{ configPath: "./party/wrangler.toml", config: { vars: localVars } }],
        config: { vars: { ...localVars, ...paymentVars } },
        inspectorPort: false,
        persistState: { path: path.join(ROOT, `.wrangler/state-${sitePort}`) },
      }),
      zodWithoutJsonSchema(),
      authWithoutUnused(),
      moduleStats(),
      shortPreloadLists(),
      serviceWorker(),
      prerenderPages({ sitePort }),
      localStack ? keepLocalBuildApart() : null,
    ],
    // The manifest (<outDir>/client/.vite/manifest.json) feeds `npm run size` (scripts/size.ts).
    build: { manifest: true, outDir: localStack ? localBuildDir : "dist" },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Chunks are named by their hash alone: every dynamic import carries the list of
              // files it needs (its preload list), and readable names made the registry's lists
              // of every module's pages several KB of the back-office frame. `npm run size -- --why`
              // says what each file holds.
              chunkFileNames: "assets/[hash].js",
              // One cached vendor chunk every page shares (React, its DOM renderer, the router):
              // it changes only with their versions, not with each deploy of the app's code.
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
    server: { port: sitePort, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
    preview: { port: sitePort, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
  };
});
