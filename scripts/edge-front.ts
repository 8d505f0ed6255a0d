/**
 * What Cloudflare's edge does before a request reaches the worker, done locally by the front of
 * workerd (scripts/site-server.ts) and by the dev and preview servers (vite.config.ts):
 *  - CF-Connecting-IP is the connection's own address, replacing whatever the client sent, so the
 *    worker's per-address limits (worker/forms.ts) never key on a header the client chose;
 *  - an /api/ request body over the API's cap is answered 413 here, never streamed on (the worker
 *    itself refuses the same bodies in production, worker/body-limit.ts). A chunked body is
 *    buffered up to the cap and handed on whole, with a length.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { FORM_MAX_BODY_BYTES } from "#core/form-fields.ts";

export function clientAddress(socket: Socket): string {
  return (socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}

export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer to a body over the cap, as the worker's own check words it. */
export const TOO_LARGE: Refusal = {
  status: 413,
  headers: { "content-type": "application/json", "x-content-type-options": "nosniff" },
  body: JSON.stringify({ errors: { _form: `The request is too large (max ${FORM_MAX_BODY_BYTES} bytes)` } }),
};

/**
 * Whether the request may go on: `{}` to stream it as it is, `{ body }` for a chunked /api/ body
 * read whole (within the cap), `{ refused }` for one over the cap.
 */
export function admitBody(req: IncomingMessage): Promise<{ body?: Buffer; refused?: Refusal }> {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  if (!hasBody || !(req.url ?? "").startsWith("/api/")) return Promise.resolve({});
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared)) {
    if (declared <= FORM_MAX_BODY_BYTES) return Promise.resolve({});
    req.resume(); // let the client finish sending, unread, so it sees the answer
    return Promise.resolve({ refused: TOO_LARGE });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > FORM_MAX_BODY_BYTES) {
        over = true;
        resolve({ refused: TOO_LARGE });
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      if (!over) resolve({ body: Buffer.concat(chunks) });
    });
  });
}
