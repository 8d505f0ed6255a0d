/**
 * The hub's internal publish route (party/internal-publish.ts) inside workerd: only the secret
 * key gets through; what it relays reaches exactly the sockets a client's frame would reach
 * (record updates by role, pokes to the target user), from the system sender.
 */
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { HUB_INTERNAL_PUBLISH_PATH, HUB_SYSTEM_SENDER } from "#core/schemas/hub-internal.ts";
import type { HubFrame } from "#core/schemas/hub.ts";
import { closeAll, signedIn, sleep } from "./testing/hub-socket.ts";

const SECRET = "sb_secret_hub_test"; // vitest.config.ts, the hub project's binding

afterEach(() => closeAll());

function publish(body: unknown, auth: string | null = `Bearer ${SECRET}`, method = "POST") {
  return exports.default.fetch(`http://localhost${HUB_INTERNAL_PUBLISH_PATH}`, {
    method,
    headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
    body: method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const id = () => crypto.randomUUID();

describe("internal publish", () => {
  it("refuses anyone without the secret key, and other methods", async () => {
    const body = { updates: [{ module: "inbox", action: "created", ids: [id()] }] };
    expect((await publish(body, null)).status).toBe(403);
    expect((await publish(body, "Bearer sb_publishable_whatever")).status).toBe(403);
    expect((await publish(body, `Bearer ${SECRET}x`)).status).toBe(403);
    expect((await publish(body, `Bearer ${SECRET}`, "GET")).status).toBe(405);
  });

  it("refuses a body the schema does not take (unknown module, row contents, bad ids)", async () => {
    expect((await publish("{nope")).status).toBe(400);
    expect((await publish({ updates: [{ module: "nope", action: "created", ids: [id()] }] })).status).toBe(
      400,
    );
    expect(
      (await publish({ updates: [{ module: "inbox", action: "created", ids: [id()], title: "Akosua" }] }))
        .status,
    ).toBe(400);
    expect((await publish({ pokes: [{ userId: "not-a-uuid" }] })).status).toBe(400);
  });

  it("relays an inbox update to staff and admins, and a poke to its target only", async () => {
    const staff = await signedIn("staff");
    const admin = await signedIn("admin");
    const ids = [id()];
    const notificationId = id();
    const res = await publish({
      updates: [{ module: "inbox", action: "created", ids }],
      pokes: [{ userId: admin.sub, notificationId, kind: "inbox_new" }],
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ relayed: { updates: 1, pokes: 1 } });
    const isUpdate = (f: HubFrame) => f.type === "record_update" && f.module === "inbox";
    for (const s of [staff.s, admin.s]) {
      expect(await s.next(isUpdate)).toEqual({
        type: "record_update",
        module: "inbox",
        action: "created",
        ids,
        fromUserId: HUB_SYSTEM_SENDER,
      });
    }
    expect(await admin.s.next((f) => f.type === "notification")).toMatchObject({
      targetUserId: admin.sub,
      notificationId,
      kind: "inbox_new",
      fromUserId: HUB_SYSTEM_SENDER,
    });
    await sleep(300);
    expect(staff.s.frames.some((f) => f.type === "notification")).toBe(false);
  });

  it("an admin-only module's update never reaches staff", async () => {
    const staff = await signedIn("staff");
    const admin = await signedIn("admin");
    expect(
      (await publish({ updates: [{ module: "finances", action: "updated", ids: [id()] }] })).status,
    ).toBe(202);
    await admin.s.next((f) => f.type === "financial_update");
    await sleep(300);
    expect(staff.s.frames.some((f) => f.type === "financial_update")).toBe(false);
  });
});
