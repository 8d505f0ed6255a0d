/**
 * The build's prerender step (a Vite plugin, see vite.config.ts): after the client and both
 * workers are built, renders every target of core/prerender-targets.ts with app/prerender.tsx and writes
 * complete shells (the built index.html with the page's markup in #root) to
 * dist/client/_prerendered/<key>.html, where the edge worker finds them.
 *
 * The page is rendered with the site configuration the edge will inject for the main host,
 * computed from the built edge worker's vars with the function the worker uses
 * (core/site-config.ts), so links to the other hosts and the REAC licence in the markup match
 * what the SPA renders when it hydrates.
 */
import fs from "node:fs";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import { hostConfigFromVars } from "#core/hosts.ts";
import { PRERENDER_ATTR, PRERENDER_CONFIG_GLOBAL, PRERENDER_DIR } from "#core/prerender.ts";
import type { PrerenderTarget } from "#core/prerender-targets.ts";
import { siteConfigFromVars, type SiteVars } from "#core/site-config.ts";

const EDGE_ENVIRONMENT = "ghana_realty_edge";
const EMPTY_ROOT = '<div id="root"></div>';

/** app/prerender.tsx */
interface PrerenderModule {
  prerenderTargets(): PrerenderTarget[];
  renderPage(path: string): Promise<string>;
}

/** `sitePort`: where `vite preview` serves a local build whose vars name no SITE_PORT. */
export function prerenderPages(opts: { sitePort: number }): Plugin {
  return {
    name: "ghana-realty:prerender",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const root = builder.config.root;
        const clientDir = path.resolve(root, builder.environments.client!.config.build.outDir);
        const edge = builder.environments[EDGE_ENVIRONMENT];
        if (!edge) throw new Error(`prerender: no "${EDGE_ENVIRONMENT}" environment in this build`);
        const edgeConfig = JSON.parse(
          fs.readFileSync(path.resolve(root, edge.config.build.outDir, "wrangler.json"), "utf8"),
        ) as { vars?: Record<string, string> };
        const vars = { ...edgeConfig.vars } as unknown as SiteVars & Parameters<typeof hostConfigFromVars>[0];
        // As the worker does for plain http: the port is the one the site is served from.
        if (vars.SITE_PROTOCOL === "http" && !vars.SITE_PORT) vars.SITE_PORT = String(opts.sitePort);
        (globalThis as Record<string, unknown>)[PRERENDER_CONFIG_GLOBAL] = siteConfigFromVars(
          vars,
          hostConfigFromVars(vars),
          "main",
        );

        const started = performance.now();
        // A module-loading server (no listener) for the app's code in Node: pages are lazy, so
        // the loader must stay open while rendering.
        const server = await createServer({
          root,
          configFile: false,
          logLevel: "error",
          appType: "custom",
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const module = (await server.ssrLoadModule("/app/prerender.tsx")) as PrerenderModule;
          await writeShells(module, clientDir);
        } finally {
          await server.close();
        }
        builder.config.logger.info(
          `prerendered the public pages in ${Math.round(performance.now() - started)} ms → ${path.relative(root, path.join(clientDir, PRERENDER_DIR))}/`,
        );
      },
    },
  };
}

/**
 * A prerendered page is painted from its HTML and CSS; its JavaScript only makes it interactive.
 * So the shell starts loading the scripts after the first paint (the entry and its modulepreloads
 * from the build, injected by a small inline module; the edge gives it the CSP nonce), leaving
 * the network to the stylesheet, fonts and images until then.
 */
export function loadScriptsAfterPaint(html: string): string {
  const preloads: string[] = [];
  let out = html.replace(
    /[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g,
    (_m, href: string) => {
      preloads.push(href);
      return "";
    },
  );
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(out);
  if (!entry) throw new Error("prerender: no module entry script in index.html");
  // Until the SPA has taken over, a form must not submit natively (a GET to the page's own URL
  // would put what was typed into the address bar); the submit is simply not taken yet.
  const loader =
    `document.addEventListener("submit",e=>{if(!document.documentElement.dataset.hydrated)e.preventDefault()},true);` +
    `const load=()=>{for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}import(${JSON.stringify(entry[1])})};` +
    `requestAnimationFrame(()=>setTimeout(load,0));`;
  out = out.replace(entry[0], () => `<script type="module">${loader}</script>`);
  return out;
}

async function writeShells(module: PrerenderModule, clientDir: string): Promise<void> {
  const shell = loadScriptsAfterPaint(fs.readFileSync(path.join(clientDir, "index.html"), "utf8"));
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: ${EMPTY_ROOT} not found in index.html`);
  const outDir = path.join(clientDir, PRERENDER_DIR);
  fs.mkdirSync(outDir, { recursive: true });
  const targets = module.prerenderTargets();
  for (const t of targets) {
    const markup = await module.renderPage(t.path);
    const html = shell.replace(
      EMPTY_ROOT,
      () => `<div id="root" ${PRERENDER_ATTR}="${t.key}">${markup}</div>`,
    );
    fs.writeFileSync(path.join(outDir, `${t.key}.html`), html);
  }
}
