/**
 * A staff member's money change reaches admins live: the hub refuses finance
 * frames from staff, so the staff tab asks the edge worker (POST /api/money/live); the worker
 * relays a financial_update (kinds and ids only) through the hub to admins — only for records the
 * audit log shows this user just wrote. Staff never receive finance frames; announcing someone
 * else's record, or anything without a back-office session, is refused and relays nothing.
 * Real stack: the worker, the hub and the emulator.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_LIVE_PATH } from "#core/money/money-live.ts";
import type { HubFrame } from "#core/schemas/hub.ts";
import { openHub, type HubSocket } from "../hub/hub-socket.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { SITE_ORIGIN } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let admin: TestUser;
let staff: TestUser;
let visitor: TestUser;
const sockets: HubSocket[] = [];
const tokens: Record<string, string> = {};

async function tokenOf(user: TestUser): Promise<string> {
  const client = await signedInClient(user.email, user.password);
  return (await client.auth.getSession()).data.session!.access_token;
}

async function signedInSocket(user: TestUser): Promise<HubSocket> {
  const s = await openHub();
  sockets.push(s);
  s.send({ type: "auth", token: tokens[user.id]! });
  await s.next((f) => f.type === "auth_success");
  return s;
}

function relay(token: string | null, body: unknown): Promise<Response> {
  return fetch(`${SITE_ORIGIN}${MONEY_LIVE_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function transportCategory(): Promise<string> {
  const { data, error } = await service
    .from("finance_categories")
    .select("id")
    .eq("code", "transport")
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  [admin, staff, visitor] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: null }),
  ]);
  for (const u of [admin, staff, visitor]) tokens[u.id] = await tokenOf(u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await service.from("finance_entries").delete().like("description", `%${tag}%`);
  for (const u of [admin, staff, visitor]) if (u) await deleteTestUser(u.id);
});

describe("staff's money changes, relayed by the worker", () => {
  it("a staff member's expense reaches admins' sockets as financial_update (ids only); staff get none", async () => {
    const [adminSocket, staffSocket] = await Promise.all([signedInSocket(admin), signedInSocket(staff)]);
    // The hub itself still refuses a finance frame from staff.
    staffSocket.send({ type: "financial_update", action: "created", ids: [crypto.randomUUID()] });
    expect(await staffSocket.next((f) => f.type === "error")).toMatchObject({ code: "forbidden" });

    const staffDb = await signedInClient(staff.email, staff.password);
    const { data, error } = await staffDb
      .from("finance_entries")
      .insert({
        kind: "expense",
        amount: 180,
        category_id: await transportCategory(),
        description: `Trotro fares ${tag}`,
        owner_id: staff.id,
      })
      .select("id")
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;

    const res = await relay(tokens[staff.id]!, { action: "created", ids: [id] });
    expect(res.status).toBe(202);
    const frame = (await adminSocket.next((f) => f.type === "financial_update", 20_000)) as Extract<
      HubFrame,
      { type: "financial_update" }
    >;
    expect(frame).toMatchObject({ type: "financial_update", action: "created", ids: [id] });
    expect(Object.keys(frame).sort()).toEqual(["action", "fromUserId", "ids", "type"]);
    expect(staffSocket.frames.some((f) => f.type === "financial_update")).toBe(false);
  });

  it("refuses records the caller did not just write, callers without a back-office role, and bad bodies", async () => {
    const adminSocket = await signedInSocket(admin);
    // An entry the admin recorded: staff may not announce it (and may not even see it).
    const theirs = await service
      .from("finance_entries")
      .insert({
        kind: "expense",
        amount: 75,
        category_id: await transportCategory(),
        description: `Admin's parking ${tag}`,
        owner_id: admin.id,
      })
      .select("id")
      .single();
    expect(theirs.error).toBeNull();
    const theirId = (theirs.data as { id: string }).id;

    expect((await relay(tokens[staff.id]!, { action: "updated", ids: [theirId] })).status).toBe(403);
    expect((await relay(tokens[staff.id]!, { action: "updated", ids: [crypto.randomUUID()] })).status).toBe(
      403,
    );
    expect((await relay(tokens[visitor.id]!, { action: "updated", ids: [theirId] })).status).toBe(403);
    expect((await relay(null, { action: "updated", ids: [theirId] })).status).toBe(401);
    expect(
      (await relay(tokens[staff.id]!, { action: "updated", ids: [theirId], title: "Payroll" })).status,
    ).toBe(400);
    expect((await relay(tokens[staff.id]!, { action: "updated", ids: ["not-an-id"] })).status).toBe(400);

    // Nothing was relayed: the next frame the admin gets is the one a legitimate relay sends.
    const staffDb = await signedInClient(staff.email, staff.password);
    const mine = await staffDb
      .from("finance_entries")
      .insert({
        kind: "expense",
        amount: 40,
        category_id: await transportCategory(),
        description: `Printer paper ${tag}`,
        owner_id: staff.id,
      })
      .select("id")
      .single();
    const mineId = (mine.data as { id: string }).id;
    expect((await relay(tokens[staff.id]!, { action: "created", ids: [mineId] })).status).toBe(202);
    const frame = (await adminSocket.next((f) => f.type === "financial_update", 20_000)) as Extract<
      HubFrame,
      { type: "financial_update" }
    >;
    expect(frame.ids).toEqual([mineId]);
  });
});
