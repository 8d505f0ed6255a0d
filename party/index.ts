/**
 * The hub worker: forwards `/parties/hub/team` (HUB_ROOM, the one room) to the Hub Durable Object
 * (PartyServer); any other room is refused before an object exists for it.
 * Reached from the SPA on the site's own origin: in local dev the edge worker forwards
 * `/parties/*` through its `HUB` service binding; in production this worker has its own route
 * for `/parties/*` on every site host (see wrangler.toml), so deploying the edge never drops a
 * chat socket.
 */
import { routePartykitRequest } from "partyserver";
import { HUB_PARTY, HUB_ROOM } from "#core/schemas/hub.ts";
import { HUB_INTERNAL_PUBLISH_PATH } from "#core/schemas/hub-internal.ts";
import type { HubEnv } from "./env.ts";
import { refuseUnlessSecret } from "./internal-publish.ts";
import { isAllowedOrigin, parseAllowedHosts } from "./origin.ts";

export { Hub } from "./hub-server.ts";

function unknownRoom(name: string | null): Response {
  const where = `the hub has one room, /parties/hub/${HUB_ROOM}`;
  return new Response(
    name === null ? `Not found: ${where}` : `Unknown room "${name.slice(0, 60)}": ${where}`,
    { status: 404 },
  );
}

function refusedSocket(): Response {
  const pair = new WebSocketPair();
  pair[1].accept();
  pair[1].close(1008, `No room in the path: connect to /parties/${HUB_PARTY}/${HUB_ROOM}`);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

export default {
  async fetch(request: Request, env: HubEnv): Promise<Response> {
    // The edge worker's server-side publishing (secret key; checked again by the room itself).
    if (new URL(request.url).pathname === HUB_INTERNAL_PUBLISH_PATH) {
      return refuseUnlessSecret(request, env) ?? env.Hub.getByName(HUB_ROOM).fetch(request);
    }
    const response = await routePartykitRequest(request, env, {
      // Refuse a foreign page or another room at the handshake, before a Durable Object is even
      // touched: each room name would otherwise create an object with its own storage.
      onBeforeConnect(req, lobby) {
        if (lobby.name !== HUB_ROOM) return unknownRoom(lobby.name);
        if (!isAllowedOrigin(req.headers.get("Origin"), parseAllowedHosts(env.ALLOWED_ORIGIN_HOSTS))) {
          return new Response("Origin not allowed", { status: 403 });
        }
      },
      onBeforeRequest(_req, lobby) {
        if (lobby.name !== HUB_ROOM) return unknownRoom(lobby.name);
        // The hub speaks WebSocket only.
        return new Response("Upgrade Required", { status: 426, headers: { Upgrade: "websocket" } });
      },
    });
    if (response) return response;
    // `/parties/hub` without a room, or another party: say where the hub is. A socket gets the
    // reason in its close frame (1008), which a browser shows where it hides a 404's body.
    if ((request.headers.get("Upgrade") ?? "").toLowerCase() === "websocket") return refusedSocket();
    return unknownRoom(null);
  },
} satisfies ExportedHandler<HubEnv>;
