/**
 * The edge's appointment API (worker/appointments.ts) with in-memory stores: availability
 * queries are checked, a manage link must be signed with the secret key and unexpired, a used
 * link answers 410, a taken time 409 with the next free times, and changes are announced.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { signAppointmentToken, type AppointmentLinkClaims } from "#core/inbox/appointment-link.ts";
import { APPOINTMENT_API, LINK_PROBLEMS, type VisitorAppointment } from "#core/inbox/appointment-api.ts";
import { SLOT_TAKEN_MESSAGE } from "#core/form-fields.ts";
import type { AppointmentStore, ChangeResult } from "./appointments.ts";
import { createApp } from "./app.ts";
import { MemoryContent, MemoryFormStore } from "./testing/memory-content.ts";

const SECRET = "sb_secret_worker_test";
const env2 = { ...env, SUPABASE_SECRET_KEY: SECRET };
const id = "7d1c9a3e-1b2c-4d5e-8f90-123456789abc";
const nonce = "0b6f5d2e-9c8b-4a7d-b6e5-f4a3b2c1d0e9";
const start = new Date(Date.now() + 3 * 86_400_000);
const appointment: VisitorAppointment = {
  inbox: "consultations",
  status: "confirmed",
  starts_at: start.toISOString(),
  ends_at: new Date(start.getTime() + 1_800_000).toISOString(),
  full_name: "Adwoa Boateng",
  event_type: "Consultation",
  host_name: "Ama Owusu",
  service: "property-buying",
  meeting_mode: "video",
  property_title: null,
  property_slug: null,
  changeable: true,
};

class MemoryAppointments implements AppointmentStore {
  nonce = nonce;
  free = [
    {
      start: new Date(start.getTime() + 86_400_000).toISOString(),
      end: new Date(start.getTime() + 86_400_000 + 1_800_000).toISOString(),
    },
  ];
  changes: string[] = [];
  async lookup(link: AppointmentLinkClaims) {
    return link.nonce === this.nonce ? { state: "ok" as const, appointment } : { state: "used" as const };
  }
  async slots() {
    return this.free;
  }
  async reschedule(link: AppointmentLinkClaims, startsAt: string): Promise<ChangeResult> {
    if (link.nonce !== this.nonce) return { ok: false, kind: "used" };
    if (!this.free.some((s) => s.start === startsAt)) return { ok: false, kind: "taken" };
    this.nonce = crypto.randomUUID();
    this.changes.push(`moved ${startsAt}`);
    return { ok: true };
  }
  async cancel(link: AppointmentLinkClaims): Promise<ChangeResult> {
    if (link.nonce !== this.nonce) return { ok: false, kind: "used" };
    this.nonce = crypto.randomUUID();
    this.changes.push("cancelled");
    return { ok: true };
  }
}

let store: MemoryFormStore;
let appointments: MemoryAppointments;
let announced: string[];
let app: ReturnType<typeof createApp>;
beforeEach(() => {
  store = new MemoryFormStore();
  appointments = new MemoryAppointments();
  announced = [];
  app = createApp({
    content: () => new MemoryContent(),
    forms: () => store,
    appointments: () => appointments,
    afterInboxChange: async (_env, table, rid, action) => {
      announced.push(`${action} ${table} ${rid}`);
    },
  });
});

const token = (claims: Partial<AppointmentLinkClaims> = {}, secret = SECRET) =>
  signAppointmentToken(
    { inbox: "consultations", id, nonce, exp: Math.floor(start.getTime() / 1000), ...claims },
    secret,
  );
const post = (path: string, body: unknown, ip = "203.0.113.9") =>
  app.request(
    `http://consult.localhost${path}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: JSON.stringify(body),
    },
    env2,
  );

describe("GET /api/availability", () => {
  it("answers the free times of a kind and service, never cached", async () => {
    store.free = [{ start: "2026-12-08T10:00:00.000Z", end: "2026-12-08T10:30:00.000Z" }];
    const res = await app.request(
      "http://consult.localhost/api/availability?kind=consultation&service=property-valuation&days=7",
      {},
      env2,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ slots: store.free });
    expect(store.slotQueries).toEqual([
      { kind: "consultation", service: "property-valuation", property: undefined, from: undefined, days: 7 },
    ]);
  });

  it("400 for a bad query, 503 when the database is away", async () => {
    expect((await app.request("http://consult.localhost/api/availability?kind=party", {}, env2)).status).toBe(
      400,
    );
    expect(
      (await app.request("http://consult.localhost/api/availability?kind=viewing&property=nope", {}, env2))
        .status,
    ).toBe(400);
    expect(
      (await app.request("http://consult.localhost/api/availability?kind=viewing&days=90", {}, env2)).status,
    ).toBe(400);
    store.down = true;
    expect(
      (await app.request("http://consult.localhost/api/availability?kind=viewing", {}, env2)).status,
    ).toBe(503);
  });
});

describe("the manage link", () => {
  it("looks up the appointment with the free times to move it to", async () => {
    const res = await post(APPOINTMENT_API.lookup, { token: await token() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ appointment, slots: appointments.free });
  });

  it("refuses a forged, foreign-key or expired link", async () => {
    const forged = (await token()).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await (await post(APPOINTMENT_API.lookup, { token: forged })).json()).toEqual({
      error: "malformed",
      message: LINK_PROBLEMS.malformed,
    });
    expect((await post(APPOINTMENT_API.lookup, { token: await token({}, "another-secret") })).status).toBe(
      400,
    );
    const expired = await post(APPOINTMENT_API.lookup, {
      token: await token({ exp: Math.floor(Date.now() / 1000) - 60 }),
    });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: "expired", message: LINK_PROBLEMS.expired });
    expect((await post(APPOINTMENT_API.lookup, {})).status).toBe(400);
  });

  it("reschedules once: the same link then answers 410 used; the change is announced", async () => {
    const t = await token();
    const to = appointments.free[0]!.start;
    const res = await post(APPOINTMENT_API.reschedule, { token: t, starts_at: to });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rescheduled: true, starts_at: to });
    expect(announced).toEqual([`updated consultations ${id}`]);
    const again = await post(APPOINTMENT_API.reschedule, { token: t, starts_at: to });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: "used", message: LINK_PROBLEMS.used });
  });

  it("a taken time: 409 with the next free times, the link still works", async () => {
    const t = await token();
    const res = await post(APPOINTMENT_API.reschedule, {
      token: t,
      starts_at: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ errors: { starts_at: SLOT_TAKEN_MESSAGE }, next: appointments.free });
    expect((await post(APPOINTMENT_API.lookup, { token: t })).status).toBe(200);
  });

  it("cancels", async () => {
    const res = await post(APPOINTMENT_API.cancel, { token: await token() });
    expect(res.status).toBe(200);
    expect(appointments.changes).toEqual(["cancelled"]);
  });

  it("without the secret key the edge cannot check links: 503", async () => {
    const res = await app.request(
      `http://consult.localhost${APPOINTMENT_API.lookup}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: await token() }),
      },
      { ...env, SUPABASE_SECRET_KEY: "" },
    );
    expect(res.status).toBe(503);
  });
});
