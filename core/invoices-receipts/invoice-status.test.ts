import { describe, expect, it } from "vitest";
import { invoiceDisplayStatus } from "./invoice-status.ts";

// Africa/Accra is UTC+0 all year: 23:59 UTC on the 16th is still the 16th there.
const at = (iso: string) => new Date(iso);

describe("invoiceDisplayStatus", () => {
  it("a sent or partly paid invoice due before today (Africa/Accra) is overdue", () => {
    expect(invoiceDisplayStatus("sent", "2026-11-16", at("2026-11-17T00:00:00Z"))).toBe("overdue");
    expect(invoiceDisplayStatus("partially_paid", "2026-11-16", at("2026-11-23T10:00:00Z"))).toBe("overdue");
  });
  it("is not overdue on its due date", () => {
    expect(invoiceDisplayStatus("sent", "2026-11-16", at("2026-11-16T00:00:00Z"))).toBe("sent");
    expect(invoiceDisplayStatus("sent", "2026-11-16", at("2026-11-16T23:59:59Z"))).toBe("sent");
  });
  it("paid, void and draft invoices keep their status; no due date, no overdue", () => {
    for (const s of ["paid", "void", "draft"] as const)
      expect(invoiceDisplayStatus(s, "2020-01-01", at("2026-11-23T10:00:00Z"))).toBe(s);
    expect(invoiceDisplayStatus("sent", null, at("2026-11-23T10:00:00Z"))).toBe("sent");
  });
  it("a status stored as overdue stays overdue", () => {
    expect(invoiceDisplayStatus("overdue", "2030-01-01", at("2026-11-23T10:00:00Z"))).toBe("overdue");
  });
});
