/**
 * Partners on the hub (live partner messages), inside workerd: a partner account
 * (its partner read from the fake Supabase's RLS stand-in) signs in, hears its own thread's
 * updates — ids only — and nothing else the hub fans out (chat, presence, record updates, pokes,
 * the server's publishes); it may announce only its own thread; admins hear every thread, staff none.
 */
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { HUB_INTERNAL_PUBLISH_PATH } from "#core/schemas/hub-internal.ts";
import { HUB_CLOSE, type HubFrame } from "#core/schemas/hub.ts";
import {
  closeAll,
  isError,
  open,
  setRole,
  signedIn,
  sleep,
  token,
  type TestSocket,
} from "./testing/hub-socket.ts";

afterEach(() => closeAll());

const uuid = () => crypto.randomUUID();

async function partnerSocket(partnerId: string, sub = uuid()): Promise<{ s: TestSocket; sub: string }> {
  const s = await open();
  s.send({ type: "auth", token: await token({ sub, role: "partner", partner: partnerId }) });
  expect(await s.next((f) => f.type === "auth_success" || f.type === "error")).toEqual({
    type: "auth_success",
    userId: sub,
    role: "partner",
  });
  return { s, sub };
}

describe("partner sockets", () => {
  it("a partner's thread update reaches admins and that partner's other tabs — not staff, not another partner", async () => {
    const p = uuid();
    const partner = await partnerSocket(p);
    const tab = await partnerSocket(p, partner.sub);
    const [otherPartner, admin, staff] = [
      await partnerSocket(uuid()),
      await signedIn("admin"),
      await signedIn("staff"),
    ];
    const ids = [uuid()];
    partner.s.send({ type: "partner_thread_update", partnerId: p, ids });
    const expected = { type: "partner_thread_update", partnerId: p, ids, fromUserId: partner.sub };
    expect(await admin.s.next((f) => f.type === "partner_thread_update")).toEqual(expected);
    expect(await tab.s.next((f) => f.type === "partner_thread_update")).toEqual(expected);
    await sleep(400);
    for (const s of [staff.s, otherPartner.s, partner.s])
      expect(s.frames.some((f) => f.type === "partner_thread_update")).toBe(false);
  });

  it("an admin's update reaches that partner only; staff may not announce a thread", async () => {
    const p = uuid();
    const [partner, otherPartner, admin, staff] = [
      await partnerSocket(p),
      await partnerSocket(uuid()),
      await signedIn("admin"),
      await signedIn("staff"),
    ];
    const ids = [uuid()];
    admin.s.send({ type: "partner_thread_update", partnerId: p, ids });
    expect(await partner.s.next((f) => f.type === "partner_thread_update")).toEqual({
      type: "partner_thread_update",
      partnerId: p,
      ids,
      fromUserId: admin.sub,
    });
    staff.s.send({ type: "partner_thread_update", partnerId: p, ids });
    expect(await staff.s.next(isError("forbidden"))).toMatchObject({
      message: "Partner threads are for admins",
    });
    await sleep(400);
    expect(otherPartner.s.frames.some((f) => f.type === "partner_thread_update")).toBe(false);
    expect(partner.s.frames.some((f) => f.type === "partner_thread_update")).toBe(false);
  });

  it("a partner may announce only its own thread, and sends nothing else", async () => {
    const p = uuid();
    const partner = await partnerSocket(p);
    const admin = await signedIn("admin");
    partner.s.send({ type: "partner_thread_update", partnerId: uuid(), ids: [uuid()] });
    expect(await partner.s.next(isError("forbidden"))).toMatchObject({
      message: "A partner account only announces messages in its own thread",
    });
    for (const frame of [
      { type: "join_channel", channelId: "general" },
      { type: "presence_update", status: "busy" },
      { type: "deal_update", action: "created", ids: [uuid()] },
      { type: "notification", targetUserId: admin.sub },
    ]) {
      partner.s.send(frame);
      expect(await partner.s.next(isError("forbidden"))).toBeTruthy();
    }
    await sleep(300);
    expect(
      admin.s.frames.some(
        (f) =>
          f.type === "partner_thread_update" ||
          f.type === "deal_update" ||
          f.type === "notification" ||
          (f.type === "presence_updated" && f.userId === partner.sub),
      ),
    ).toBe(false);
  });

  it("hears none of the team's frames: presence, chat, record updates, pokes, server publishes", async () => {
    const partner = await partnerSocket(uuid());
    const admin = await signedIn("admin");
    const staff = await signedIn("staff");
    const channelId = `t-${uuid().slice(0, 8)}`;
    admin.s.send({ type: "join_channel", channelId });
    await admin.s.next((f) => f.type === "channel_members");
    admin.s.send({
      type: "team_message",
      action: "insert",
      channelId,
      message: "Price on the Cantonments flat is GHS 2.4m",
      ref: "r1",
    });
    await admin.s.next((f) => f.type === "team_message");
    admin.s.send({ type: "presence_update", status: "busy" });
    staff.s.send({ type: "deal_update", action: "moved", ids: [uuid()] });
    admin.s.send({ type: "record_update", module: "finances", action: "created", ids: [uuid()] });
    admin.s.send({ type: "notification", targetUserId: partner.sub, notificationId: uuid() });
    const published = await exports.default.fetch(`http://localhost${HUB_INTERNAL_PUBLISH_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sb_secret_hub_test" },
      body: JSON.stringify({
        updates: [{ module: "inbox", action: "created", ids: [uuid()] }],
        pokes: [{ userId: partner.sub }],
      }),
    });
    expect(published.status).toBeLessThan(300);
    // The staff member heard the admin's presence: the fan-out happened.
    expect(
      await staff.s.next(
        (f) => f.type === "presence_updated" && f.userId === admin.sub && f.status === "busy",
      ),
    ).toBeTruthy();
    await sleep(500);
    const heard = partner.s.frames.filter((f: HubFrame) => f.type !== "error");
    expect(heard).toEqual([]);
    // …and the team never saw the partner come online.
    expect(staff.s.frames.some((f) => f.type === "presence_updated" && f.userId === partner.sub)).toBe(false);
  });

  it("a partner account unlinked from its partner is closed at the next rights check", async () => {
    const partner = await partnerSocket(uuid());
    await setRole(partner.sub, "none");
    await sleep(400); // past the test project's HUB_RIGHTS_TTL_MS
    partner.s.send({ type: "partner_thread_update", partnerId: uuid(), ids: [uuid()] });
    expect((await partner.s.closed).code).toBe(HUB_CLOSE.accessRevoked);
  });

  it("an account that is neither team nor partner is still refused", async () => {
    const s = await open();
    s.send({ type: "auth", token: await token({ role: "partner" }) }); // the partner role without an active partner
    expect(await s.next(isError("forbidden"))).toMatchObject({
      message: "Only staff, admins and partners may use the realtime hub",
    });
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });
});
