import { describe, expect, it } from "vitest";
import { readListQuery } from "../records/list-query.ts";
import { calendarListQuery, calendarStatusLabel, listWindow, matchesSearch } from "./calendar-list.ts";

const entry = {
  title: "4-bedroom-house-east-legon",
  listing_title: "4-bedroom house with pool, East Legon",
  person: "Kofi Adjei",
  location: "East Legon, Accra",
};

describe("the events page's list of calendar entries", () => {
  it("reads ahead by default, past on asking, 400 days either way", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(listWindow(undefined, now)).toEqual({
      from: "2026-11-28T12:00:00.000Z",
      to: "2028-01-02T12:00:00.000Z",
    });
    expect(listWindow("past", now)).toEqual({
      from: "2025-10-24T12:00:00.000Z",
      to: "2026-11-28T12:00:00.000Z",
    });
  });

  it("keeps the calendar's kind and agent in the URL and drops what it cannot read", () => {
    const { query, issues } = readListQuery(
      calendarListQuery,
      new URLSearchParams("kind=appointments&agent=nobody&when=soon&view=week"),
    );
    expect(query.filters).toEqual({ kind: "appointments" });
    expect(query.sort).toEqual({ column: "starts_at", direction: "asc" });
    expect(issues.map((i) => i.param).sort()).toEqual(["agent", "when"]);
  });

  it("searches as the server does: every word, in order, within one field", () => {
    expect(matchesSearch(entry, "")).toBe(true);
    expect(matchesSearch(entry, "kofi")).toBe(true);
    expect(matchesSearch(entry, "East pool")).toBe(false);
    expect(matchesSearch(entry, "house pool")).toBe(true);
    expect(matchesSearch(entry, "adjei kofi")).toBe(false);
    expect(matchesSearch({ ...entry, person: null }, "kofi")).toBe(false);
    // PostgREST's reserved characters are spaces, never wildcards.
    expect(matchesSearch(entry, "legon,")).toBe(true);
    expect(matchesSearch(entry, "%")).toBe(true);
  });

  it("names statuses in words", () => {
    expect(calendarStatusLabel("requested")).toBe("To confirm");
    expect(calendarStatusLabel("no_show")).toBe("no show");
  });
});
