/**
 * Where the realtime hub answers: PartyServer's `/parties/<party>/<room>`, with the one party
 * ("hub", the kebab-case of the Durable Object binding `Hub`) and the one room the SPA joins.
 * Scripts print it (npm run status) and the edge refuses the path without a room.
 * (app/lib/realtime/hub-client.ts names the same party and room.)
 */
export const HUB_PARTY = "hub";
export const HUB_ROOM = "team";

/** `/parties/hub/team` */
export function hubPath(room: string = HUB_ROOM): string {
  return `/parties/${HUB_PARTY}/${room}`;
}
