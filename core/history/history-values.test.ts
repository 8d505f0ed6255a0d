import { describe, expect, it } from "vitest";
import { fieldKind, humanizeToken } from "./history-fields.ts";
import { HISTORY_TABLES } from "./history-tables.ts";
import { entryCurrency, formatExactMoney, viewValue } from "./history-values.ts";

const format = { date: (v: string) => `date(${v.slice(0, 10)})`, dateTime: (v: string) => `time(${v})` };
const ctx = { currency: "GHS", format };

describe("fieldKind", () => {
  it("reads what a field is from the table first, then from its name and value", () => {
    expect(fieldKind(HISTORY_TABLES.deals, "status")).toMatchObject({ type: "enum" });
    expect(fieldKind(HISTORY_TABLES.deals, "value")).toEqual({ type: "money", currencyField: "currency" });
    expect(fieldKind(undefined, "owner_id")).toEqual({ type: "ref", table: "member" });
    expect(fieldKind(undefined, "created_by")).toEqual({ type: "ref", table: "member" });
    expect(fieldKind(undefined, "stage_id")).toEqual({ type: "ref", table: "deal_stages" });
    expect(fieldKind(undefined, "contact_id")).toEqual({ type: "ref", table: "contacts" });
    expect(fieldKind(undefined, "search_text")).toEqual({ type: "hidden" });
    expect(fieldKind(undefined, "client_key")).toEqual({ type: "hidden" });
    expect(fieldKind(undefined, "closed_at")).toEqual({ type: "datetime" });
    expect(fieldKind(undefined, "due_date")).toEqual({ type: "date" });
    expect(fieldKind(undefined, "whenever", "2026-11-27T10:45:43.84+00:00")).toEqual({ type: "datetime" });
    expect(fieldKind(undefined, "notes", "Call after 5")).toEqual({ type: "text" });
  });
  it("unlabelled enum tokens read as words, other text stays", () => {
    expect(humanizeToken("partially_paid")).toBe("Partially paid");
    expect(humanizeToken("Kofi_Mensah")).toBe("Kofi_Mensah");
    expect(humanizeToken("open")).toBe("open");
  });
});

describe("viewValue", () => {
  it("invoice status by its label, not partially_paid", () => {
    const kind = fieldKind(HISTORY_TABLES.invoices, "status");
    expect(viewValue(kind, "partially_paid", ctx)).toEqual({ kind: "text", text: "Partially paid" });
  });
  it("money exactly at property-sized amounts, in the record's currency", () => {
    const kind = fieldKind(HISTORY_TABLES.deals, "value");
    expect(viewValue(kind, 9333333.32, ctx)).toEqual({ kind: "text", text: "GHS 9,333,333.32" });
    expect(viewValue(kind, "3450000", { ...ctx, currency: "USD" })).toEqual({
      kind: "text",
      text: "USD 3,450,000.00",
    });
    expect(formatExactMoney(0.1 + 0.2, "GHS")).toBeNull();
  });
  it("dates and times through the user's formatters; ids as references", () => {
    expect(viewValue({ type: "datetime" }, "2026-11-27T10:45:43.84+00:00", ctx)).toEqual({
      kind: "text",
      text: "time(2026-11-27T10:45:43.84+00:00)",
    });
    expect(viewValue({ type: "date" }, "2026-12-31", ctx)).toEqual({
      kind: "text",
      text: "date(2026-12-31)",
    });
    expect(viewValue({ type: "ref", table: "deal_stages" }, "d1", ctx)).toEqual({
      kind: "ref",
      table: "deal_stages",
      id: "d1",
    });
  });
  it("nothing is empty; lists are joined; long text is cut", () => {
    expect(viewValue({ type: "text" }, null, ctx)).toEqual({ kind: "empty" });
    expect(viewValue({ type: "text" }, [], ctx)).toEqual({ kind: "empty" });
    expect(viewValue({ type: "text" }, ["boys_quarters", "pool"], ctx)).toEqual({
      kind: "text",
      text: "Boys quarters, pool",
    });
    expect(viewValue({ type: "text" }, true, ctx)).toEqual({ kind: "text", text: "yes" });
    const long = viewValue({ type: "text" }, "x".repeat(500), ctx);
    expect(long.kind === "text" && long.text.length).toBe(120);
  });
});

describe("entryCurrency", () => {
  it("the currency changed in the same entry wins over the record's", () => {
    expect(entryCurrency({ currency: { old: "GHS", new: "USD" } }, "currency", "GHS")).toBe("USD");
    expect(entryCurrency({ currency: "USD" }, "currency", "GHS")).toBe("USD");
    expect(entryCurrency({ value: { old: 1, new: 2 } }, "currency", "GHS")).toBe("GHS");
    expect(entryCurrency(null, undefined, "GHS")).toBe("GHS");
  });
});
