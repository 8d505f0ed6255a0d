import { describe, expect, it } from "vitest";
import { groupSearchRows, searchHitView, searchRowSchema, type SearchRow } from "./record-search.ts";

const fmt = { date: (v: string) => `d:${v.slice(0, 10)}`, dateTime: (v: string) => `t:${v}` };
const row = (r: Partial<SearchRow> & Pick<SearchRow, "kind">): SearchRow =>
  searchRowSchema.parse({
    id: "x1",
    title: "T",
    details: {},
    rank: 2,
    updated_at: "2026-11-30T10:00:00Z",
    ...r,
  });

describe("searchHitView", () => {
  it("a deal: its title, status label, exact value and client; opens its page", () => {
    const hit = searchHitView(
      row({
        kind: "deals",
        id: "d1",
        title: "Oyarifa plot — Asantewaa",
        details: { status: "open", value: "9333333.32", currency: "GHS", client: "Nana Asantewaa" },
      }),
      fmt,
    );
    expect(hit).toEqual({
      kind: "deals",
      id: "d1",
      title: "Oyarifa plot — Asantewaa",
      subtitle: "Open · GHS 9,333,333.32 · Nana Asantewaa",
      href: "/deals/d1",
    });
  });
  it("a consultation: the visitor's name, the service and the time; opens in its inbox", () => {
    const hit = searchHitView(
      row({
        kind: "consultations",
        id: "c1",
        title: "Kofi Adjei",
        details: { service: "property-valuation", starts_at: "2026-12-02T14:00:00Z", status: "requested" },
      }),
      fmt,
    );
    expect(hit.subtitle).toBe("Property valuation · t:2026-12-02T14:00:00Z · Requested");
    expect(hit.href).toBe("/consultations/c1");
  });
  it("a contact: stage, phone in the national format, e-mail", () => {
    const hit = searchHitView(
      row({ kind: "contacts", details: { stage: "past_client", phone: "+233244310022", email: "a@b.co" } }),
      fmt,
    );
    expect(hit.subtitle).toBe("Past client · 024 431 0022 · a@b.co");
  });
});

describe("groupSearchRows", () => {
  it("groups by kind, the group with the best match first, best first within", () => {
    const groups = groupSearchRows([
      row({ kind: "contacts", id: "c-3", rank: 3 }),
      row({ kind: "deals", id: "d-2", rank: 2 }),
      row({ kind: "contacts", id: "c-0", rank: 0 }),
      row({ kind: "deals", id: "d-1", rank: 1 }),
      row({ kind: "events", id: "e-1", rank: 1 }),
    ]);
    expect(groups.map((g) => [g.kind, g.rows.map((r) => r.id)])).toEqual([
      ["contacts", ["c-0", "c-3"]],
      ["deals", ["d-1", "d-2"]],
      ["events", ["e-1"]],
    ]);
  });
});
