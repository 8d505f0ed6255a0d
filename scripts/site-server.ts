/**
 * The local stack's site: the built edge worker (with the SPA as its assets) and the hub in one
 * workerd, as `vite preview` runs them, but without Vite: workerd listens on a private port and
 * a thin Node front on SITE_PORT pipes bytes to it. The front does only what Cloudflare's edge
 * does before a request reaches the worker (scripts/edge-front.ts): CF-Connecting-IP from the
 * connection, and the /api/ body cap. `vite preview` turned every request and answer into fetch
 * objects and back in Node, which cost as much CPU as workerd itself during the e2e suite.
 * Started from dist-local/ by scripts/stack.ts; `--quiet` logs only errors.
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { admitBody, clientAddress } from "./edge-front.ts";
import { LOCAL_BUILD_DIR, ROOT, SITE_PORT } from "./local-env.ts";

const quiet = process.argv.includes("--quiet");

/** A built worker's options, as the Cloudflare Vite plugin's preview makes them. */
function builtWorker(dir: string) {
  const configPath = path.join(LOCAL_BUILD_DIR, dir, "wrangler.json");
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath);
  if (!main) throw new Error(`${configPath} names no main module`);
  // The site's own port, whatever the build was made for (the worker builds absolute links with it).
  const bindings = { ...(workerOptions.bindings as Record<string, unknown>), SITE_PORT: String(SITE_PORT) };
  // The build is one module per worker (no_bundle): it is the whole source.
  const { modulesRules: _rules, ...options } = workerOptions;
  const { name } = JSON.parse(fs.readFileSync(configPath, "utf8")) as { name: string };
  return {
    ...options,
    name,
    bindings,
    rootPath: path.dirname(main),
    modules: [{ type: "ESModule" as const, path: main }],
  };
}

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: 0,
    log: new Log(quiet ? LogLevel.ERROR : LogLevel.INFO),
    // Each request's log line is a round trip from workerd to this process: only when shown.
    logRequests: !quiet,
    // The state folder vite.config.ts gives the Cloudflare plugin (the JobRunner's storage).
    resourcePersistencePath: path.join(ROOT, `.wrangler/state-${SITE_PORT}`, "v3"),
    resourceTmpPath: path.join(ROOT, ".wrangler/tmp"),
    telemetry: { enabled: false },
    // GET /cdn-cgi/local/scheduled runs the cron handler (scripts/stack.ts wakeJobRunner).
    unsafeTriggerHandlers: true,
    workers: [builtWorker("ghana_realty_edge"), builtWorker("ghana_realty_hub")],
  }),
);
const upstream = await miniflare.ready;
const target = { host: upstream.hostname, port: Number(upstream.port) };
const agent = new http.Agent({ keepAlive: true });

/** The headers workerd gets: the client's, with the address Cloudflare's edge would set. */
function forwardedHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  return { ...req.headers, "cf-connecting-ip": clientAddress(req.socket) };
}

/**
 * Hands the request to workerd. A GET or HEAD sent on a pooled connection that workerd had
 * closed meanwhile (its idle timeout passed while a loaded machine stalled this process) fails
 * before any answer: it is sent once more, on a fresh connection — safe for a request without
 * a body, and what turned into a failed script load in the browser otherwise. Any other method
 * goes on a fresh connection from the start: it may not be sent twice, and on a pooled one the
 * same close turned a form post or the start-up sitemap kick into a 502.
 */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer | undefined,
  retried = false,
) {
  const headers = forwardedHeaders(req);
  if (body) {
    delete headers["transfer-encoding"];
    headers["content-length"] = String(body.length);
  }
  const idempotent = req.method === "GET" || req.method === "HEAD";
  const out = http.request(
    { ...target, agent: idempotent ? agent : false, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  out.on("error", (err) => {
    if (idempotent && out.reusedSocket && !retried && !res.headersSent) return forward(req, res, body, true);
    console.error(`${req.method} ${req.url}: ${err.message}`);
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end();
  });
  if (body) out.end(body);
  else if (idempotent) out.end();
  else req.pipe(out);
}

const server = http.createServer((req, res) => {
  void admitBody(req).then((admitted) => {
    if (!admitted.refused) return forward(req, res, admitted.body);
    res.writeHead(admitted.refused.status, admitted.refused.headers).end(admitted.refused.body);
  });
});

// WebSockets (the hub): the upgrade request goes on with the same header, then bytes both ways.
server.on("upgrade", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
  const out = net.connect(target.port, target.host, () => {
    const headers = forwardedHeaders(req);
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers))
      for (const v of Array.isArray(value) ? value : [value])
        if (v !== undefined) lines.push(`${name}: ${v}`);
    out.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length) out.write(head);
    out.pipe(socket).pipe(out);
  });
  const close = () => {
    out.destroy();
    socket.destroy();
  };
  out.on("error", close);
  socket.on("error", close);
});

server.listen(SITE_PORT, "127.0.0.1", () => {
  if (!quiet) console.log(`site on http://127.0.0.1:${SITE_PORT}/ (workerd on ${upstream.host})`);
});

const shutdown = () => {
  server.close();
  void miniflare.dispose().finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
