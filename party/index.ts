/**
 * The hub worker: forwards `/parties/hub/<room>` to the Hub Durable Object (PartyServer).
 * Reached from the SPA on the site's own origin: in local dev the edge worker forwards
 * `/parties/*` through its `HUB` service binding; in production this worker has its own route
 * for `/parties/*` on every site host (see wrangler.toml), so deploying the edge never drops a
 * chat socket.
 */
import { routePartykitRequest } from "partyserver";
import type { HubEnv } from "./env.ts";
import { isAllowedOrigin, parseAllowedHosts } from "./origin.ts";

export { Hub } from "./hub-server.ts";

export default {
  async fetch(request: Request, env: HubEnv): Promise<Response> {
    const response = await routePartykitRequest(request, env, {
      // Refuse a foreign page at the handshake, before a Durable Object is even touched.
      onBeforeConnect(req) {
        if (!isAllowedOrigin(req.headers.get("Origin"), parseAllowedHosts(env.ALLOWED_ORIGIN_HOSTS))) {
          return new Response("Origin not allowed", { status: 403 });
        }
      },
      onBeforeRequest() {
        // The hub speaks WebSocket only.
        return new Response("Upgrade Required", { status: 426, headers: { Upgrade: "websocket" } });
      },
    });
    return response ?? new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler<HubEnv>;
