/**
 * Search over everything, the one calendar and the history of personal columns, judged through
 * real supabase-js as the demo users (migrations 20261201600000–600300):
 *   - public.search_records finds a deal by either word of its title, a consultation by the
 *     visitor's name in any order, a viewing by a phone in each Ghanaian format, an invoice by
 *     its number; a visitor gets nothing and anon may not call it;
 *   - a listing takes one viewing at a time even with two hosts free, unless the event type
 *     allows group viewings; bookings racing for the same time: one wins;
 *   - public.calendar_entries gives the viewing at its stored instant with the listing's title;
 *   - editing a contact's phone leaves an audit entry naming the column and actor, never a value.
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, serviceClient, signedInClient } from "#tests/support/supabase.ts";
import { must } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const AMA = "00000000-0000-4000-a000-000000000002";
const YAW = "00000000-0000-4000-a000-000000000005";
let admin: SupabaseClient;
let staff: SupabaseClient;
let visitor: SupabaseClient;

// A far-future hour of this file's own, so other files' appointments never clash with these.
const base = Date.parse("2034-02-06T00:00:00Z") + (parseInt(tag.slice(0, 4), 16) % 700) * 86_400_000;
const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();

let listing: { id: string; slug: string; title: string };
const eventTypes: string[] = [];
const contacts: string[] = [];

beforeAll(async () => {
  [admin, staff, visitor] = await Promise.all([
    signedInClient("admin@demo.test"),
    signedInClient("staff@demo.test"),
    signedInClient("visitor@demo.test"),
  ]);
  listing = (await must(
    service
      .from("properties")
      .select("id, slug, title")
      .eq("slug", "3-bedroom-apartment-cantonments-for-rent")
      .single(),
    "listing",
  )) as typeof listing;
});

afterAll(async () => {
  await service.from("bookings").delete().like("full_name", `%${tag}%`);
  if (eventTypes.length) await service.from("booking_event_types").delete().in("id", eventTypes);
  if (contacts.length) await service.from("contacts").delete().in("id", contacts);
});

type Hit = { kind: string; id: string; title: string; rank: number };
async function search(client: SupabaseClient, term: string, kinds?: string[]): Promise<Hit[]> {
  const { data, error } = await client.rpc("search_records", { term, kinds, per_kind: 20 });
  if (error) throw new Error(`search ${term}: ${error.message}`);
  return data as Hit[];
}

describe("search over everything", () => {
  it("finds the deal by either word of its title, in any order", async () => {
    for (const term of ["Oyarifa", "asantewaa", "Asantewaa Oyarifa"]) {
      const hits = await search(admin, term, ["deals"]);
      expect(
        hits.map((h) => h.title),
        term,
      ).toContain("Oyarifa plot — Asantewaa");
    }
  });

  it("finds the consultation by the visitor's name, either way round", async () => {
    for (const term of ["Kofi Adjei", "adjei kofi"]) {
      const hits = await search(staff, term);
      expect(
        hits.filter((h) => h.kind === "consultations").map((h) => h.title),
        term,
      ).toContain("Kofi Adjei");
    }
  });

  it("finds a viewing by a phone in any Ghanaian format", async () => {
    // Akosua Frimpong booked the East Legon viewing with +233244310022.
    for (const term of ["0244310022", "0244 310 022", "+233 24 431 0022", "233244310022"]) {
      const hits = await search(admin, term, ["bookings", "contact_submissions"]);
      expect(
        hits.map((h) => h.title),
        term,
      ).toContain("Akosua Frimpong");
    }
  });

  it("finds an invoice by its number, a contact by e-mail, best match first", async () => {
    const inv = (await must(
      service.from("invoices").select("id, number").not("number", "is", null).limit(1).single(),
      "an invoice",
    )) as { id: string; number: string };
    const hits = await search(admin, inv.number, ["invoices"]);
    expect(hits[0]?.id).toBe(inv.id);
    expect(hits[0]?.rank).toBe(0);
    const mail = await search(admin, "kofi.adjei@example.ca");
    expect(mail.some((h) => h.kind === "consultations")).toBe(true);
  });

  it("a visitor finds nothing; anon may not search", async () => {
    expect(await search(visitor, "Oyarifa")).toEqual([]);
    const { error } = await anonClient().rpc("search_records", { term: "Oyarifa" });
    expect(error).not.toBeNull();
  });
});

async function eventType(group: boolean): Promise<string> {
  const row = (await must(
    service
      .from("booking_event_types")
      .insert({
        slug: `viewing-${group ? "group" : "single"}-${eventTypes.length}-${tag}`,
        kind: "viewing",
        name: `Viewing ${tag}`,
        duration_minutes: 60,
        active: false,
        group_viewings: group,
      })
      .select("id")
      .single(),
    "event type",
  )) as { id: string };
  eventTypes.push(row.id);
  return row.id;
}

function booking(hours: number, host: string, type: string, who: string) {
  return {
    property_id: listing.id,
    property_slug: listing.slug,
    preferred_date: at(hours).slice(0, 10),
    time_slot: "10:00",
    starts_at: at(hours),
    full_name: `${who} ${tag}`,
    email: `viewer-${tag}@example.com`,
    phone: "+233200000000",
    consent_at: new Date().toISOString(),
    status: "confirmed",
    assignee_id: host,
    event_type_id: type,
    duration_minutes: 60,
  };
}

describe("one viewing per listing at a time", () => {
  it("refuses a second viewing of the listing at the same time, though another host is free", async () => {
    const single = await eventType(false);
    await must(service.from("bookings").insert(booking(10, AMA, single, "First")), "first viewing");
    const clash = await service.from("bookings").insert(booking(10.5, YAW, single, "Second"));
    expect(clash.error?.code).toBe("23P01");
    expect(clash.error?.message).toMatch(/listing already has a viewing/);
    // Back to back is fine.
    await must(service.from("bookings").insert(booking(11, YAW, single, "Third")), "next hour");
  });

  it("group viewings may share the listing's time", async () => {
    const group = await eventType(true);
    await must(service.from("bookings").insert(booking(20, AMA, group, "Group A")), "group A");
    await must(service.from("bookings").insert(booking(20, YAW, group, "Group B")), "group B");
  });

  it("two bookings racing for the same time: exactly one is stored", async () => {
    const single = await eventType(false);
    const results = await Promise.all([
      service.from("bookings").insert(booking(30, AMA, single, "Race A")),
      service.from("bookings").insert(booking(30, YAW, single, "Race B")),
    ]);
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error?.code).toBe("23P01");
    const { count } = await service
      .from("bookings")
      .select("id", { count: "exact", head: true })
      .like("full_name", `Race % ${tag}`);
    expect(count).toBe(1);
  });
});

describe("the one calendar", () => {
  it("gives a viewing at its stored instant, titled by its listing; nothing to a visitor", async () => {
    const from = at(0);
    const to = at(24);
    const { data, error } = await admin.rpc("calendar_entries", { from_at: from, to_at: to });
    expect(error).toBeNull();
    const first = (data as Array<Record<string, unknown>>).find(
      (e) => e.source === "bookings" && e.person === `First ${tag}`,
    );
    expect(first).toBeDefined();
    expect(Date.parse(first!.starts_at as string)).toBe(Date.parse(at(10)));
    expect(first!.listing_title).toBe(listing.title);
    const mine = await admin.rpc("calendar_entries", { from_at: from, to_at: to, agent: YAW });
    expect((mine.data as Array<{ agent_id: string }>).every((e) => e.agent_id === YAW)).toBe(true);
    const seen = await visitor.rpc("calendar_entries", { from_at: from, to_at: to });
    expect(seen.data ?? []).toEqual([]);
  });
});

describe("history of personal columns", () => {
  it("an edited phone is logged by name with its actor, never its value", async () => {
    const row = (await must(
      admin
        .from("contacts")
        .insert({ kind: "person", first_name: "History", last_name: tag, phone: "+233244000111" })
        .select("id")
        .single(),
      "contact",
    )) as { id: string };
    contacts.push(row.id);
    await must(admin.from("contacts").update({ phone: "+233209876543" }).eq("id", row.id), "edit phone");
    const { data } = await service
      .from("audit_log")
      .select("action, actor_id, changes")
      .eq("table_name", "contacts")
      .eq("record_id", row.id)
      .order("id");
    const entries = data as Array<{ action: string; actor_id: string; changes: Record<string, unknown> }>;
    const edit = entries.find((e) => e.action === "update");
    expect(edit?.actor_id).toBe("00000000-0000-4000-a000-000000000001");
    expect(edit?.changes.phone).toEqual({ redacted: true });
    expect(Object.values(edit!.changes).every((v) => JSON.stringify(v) === '{"redacted":true}')).toBe(true);
    const logged = JSON.stringify(entries);
    for (const secret of ["244000111", "209876543", "History", tag]) expect(logged).not.toContain(secret);
  });
});
