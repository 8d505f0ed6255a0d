/**
 * Raw HTTP from Node to the local stack, redirects returned rather than followed (tests assert
 * where they lead). Node's resolver does not resolve `*.localhost`: such hosts go to 127.0.0.1
 * with their name in the Host header.
 */
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address of the connection, e.g. "127.0.0.23" (any 127.0.0.0/8 address is loopback). */
  localAddress?: string;
}

/** One HTTP request to `url` (absolute); redirects are returned, not followed. */
export function raw(url: string, opts: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname.endsWith("localhost") ? "127.0.0.1" : target.hostname,
        port: Number(target.port || 80),
        path: `${target.pathname}${target.search}`,
        method: opts.method ?? "GET",
        headers: { host: target.host, ...opts.headers },
        localAddress: opts.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}
