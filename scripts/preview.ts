/**
 * `vite preview` of the local build (run from dist-local/, scripts/stack.ts), with one addition:
 * a GET or HEAD whose hand-over to workerd failed before any answer ("fetch failed") is sent
 * once more. The preview's connection pool to workerd closes an idle connection after a second,
 * before workerd's own idle timeout; when a loaded machine stalls this process for longer than
 * that gap, the pool hands a request to a connection workerd already closed, and the browser got
 * a 500 for a page or a script. A connection refused or reset before any answer is safe to retry
 * for a request without a body.
 */
import path from "node:path";
import { type Connect, type Plugin, preview } from "vite";
import { ROOT } from "./local-env.ts";

const RETRIED = Symbol("retried");

function isStaleConnection(err: unknown): boolean {
  return err instanceof TypeError && err.message === "fetch failed";
}

function retryIdempotentOnce(): Plugin {
  return {
    name: "local-preview:retry-idempotent-once",
    // After the Cloudflare plugin's handler, so its failures reach this error handler.
    enforce: "post",
    configurePreviewServer(server) {
      const retry: Connect.ErrorHandleFunction = (err, req, res, next) => {
        const marked = req as typeof req & { [RETRIED]?: boolean };
        const idempotent = req.method === "GET" || req.method === "HEAD";
        if (!idempotent || res.headersSent || marked[RETRIED] || !isStaleConnection(err)) return next(err);
        marked[RETRIED] = true;
        server.config.logger.warn(`${req.method} ${req.url}: stale connection to workerd, sent again`);
        server.middlewares.handle(req, res, next);
      };
      server.middlewares.use(retry);
    },
  };
}

const server = await preview({
  configFile: path.join(ROOT, "vite.config.ts"),
  logLevel: process.argv.includes("--quiet") ? "error" : "info",
  plugins: [retryIdempotentOnce()],
});
server.printUrls();
