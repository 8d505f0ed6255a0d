/**
 * The frame of the hub's tests against the running stack: four users (two admins, a staff member,
 * a signed-in user without a back-office role) made before a file and deleted after, sockets
 * authenticated as one of them, and every socket a test opened closed after it — every test shares
 * the hub's one room, so the next starts with none.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { DEFAULT_CHANNEL } from "#core/constants.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "../support/supabase.ts";
import { openHub, type HubSocket } from "./hub-socket.ts";

export interface HubActor {
  user: TestUser;
  client: SupabaseClient;
  token: string;
}

export async function hubActor(role: "admin" | "staff" | null): Promise<HubActor> {
  const user = await createTestUser({ role });
  const client = await signedInClient(user.email, user.password);
  const { data } = await client.auth.getSession();
  return { user, client, token: data.session!.access_token };
}

export function hubFixture() {
  const sockets: HubSocket[] = [];
  const track = (s: HubSocket) => (sockets.push(s), s);
  // Filled in place before the file's tests.
  const who = {} as Record<"admin1" | "admin2" | "staff" | "visitor", HubActor>;

  beforeAll(async () => {
    const [admin1, admin2, staff, visitor] = await Promise.all([
      hubActor("admin"),
      hubActor("admin"),
      hubActor("staff"),
      hubActor(null),
    ]);
    Object.assign(who, { admin1, admin2, staff, visitor });
  });

  afterEach(async () => {
    const open = sockets.splice(0);
    for (const s of open) if (s.ws.readyState === WebSocket.OPEN) s.close();
    await Promise.all(open.map((s) => Promise.race([s.closed, new Promise((r) => setTimeout(r, 2000))])));
  });

  afterAll(async () => {
    await Promise.all(Object.values(who).map((a) => deleteTestUser(a.user.id)));
  });

  async function authed(a: HubActor): Promise<HubSocket> {
    const s = track(await openHub());
    s.send({ type: "auth", token: a.token });
    expect(await s.next((f) => f.type === "auth_success" || f.type === "error")).toMatchObject({
      type: "auth_success",
      userId: a.user.id,
    });
    return s;
  }

  async function joined(a: HubActor, channelId = DEFAULT_CHANNEL): Promise<HubSocket> {
    const s = await authed(a);
    s.send({ type: "join_channel", channelId });
    await s.next((f) => f.type === "channel_members" && f.channelId === channelId);
    return s;
  }

  return { who, track, authed, joined };
}
