import { describe, expect, it } from "vitest";
import { invoiceChangedMeanwhile, invoiceChangedMessage, type OpenInvoice } from "./payments.ts";

const inv = (number: string, outstanding: number): OpenInvoice => ({
  id: `id-${number}`,
  number,
  outstanding,
  due_date: "2026-12-01",
});

describe("an invoice paid by someone else while the payment form was open", () => {
  const shown = [inv("INV-2026-0003", 486_000), inv("INV-2026-0004", 120_000)];

  it("names the first invoice whose outstanding amount is not what the form showed", () => {
    // A colleague recorded GHS 4,860.00 on INV-2026-0003 meanwhile: it owes nothing now.
    expect(invoiceChangedMeanwhile(shown, [inv("INV-2026-0003", 0), inv("INV-2026-0004", 120_000)])).toBe(
      "INV-2026-0003",
    );
    expect(
      invoiceChangedMeanwhile(shown, [inv("INV-2026-0003", 486_000), inv("INV-2026-0004", 20_000)]),
    ).toBe("INV-2026-0004");
  });

  it("counts an invoice that went away (voided, or no longer visible) as changed", () => {
    expect(invoiceChangedMeanwhile(shown, [inv("INV-2026-0004", 120_000)])).toBe("INV-2026-0003");
  });

  it("says nothing when every invoice is as the form showed it: the refusal was about something else", () => {
    expect(invoiceChangedMeanwhile(shown, shown)).toBeNull();
  });

  it("tells the user it changed meanwhile and to reload, not that something went wrong", () => {
    expect(invoiceChangedMessage("INV-2026-0003")).toBe(
      "INV-2026-0003 changed meanwhile (another payment or a credit note was recorded) — reload it and check what it still owes.",
    );
  });
});
