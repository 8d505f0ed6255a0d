/**
 * `/parties`, `/parties/hub` and `/parties/hub/` name no room: PartyServer would answer nothing
 * a socket can use and the client just sees the connection drop. The edge answers such a socket
 * itself and closes it at once with 1008 (policy violation) and a reason that names the right
 * path; a plain request gets a 404 saying the same. (In production the hub worker owns
 * /parties/* itself and refuses unknown rooms there.)
 */
import type { Context } from "hono";
import { HUB_PARTY, HUB_ROOM } from "#core/schemas/hub.ts";

const BARE = new RegExp(`^/parties(?:/${HUB_PARTY})?/?$`);
const HUB_PATH = `/parties/${HUB_PARTY}/${HUB_ROOM}`;

export function hubPathWithoutRoom(pathname: string): boolean {
  return BARE.test(pathname);
}

export function refuseBareHubPath(c: Context): Response {
  const reason = `No room in the path: connect to ${HUB_PATH}`;
  if ((c.req.header("upgrade") ?? "").toLowerCase() !== "websocket") {
    return c.json({ error: "not_found", message: reason }, 404);
  }
  const pair = new WebSocketPair();
  const server = pair[1];
  server.accept();
  server.close(1008, reason);
  return new Response(null, { status: 101, webSocket: pair[0] });
}
