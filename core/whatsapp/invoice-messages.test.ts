import { describe, expect, it } from "vitest";
import { invoiceLinkWhatsApp } from "./invoice-messages.ts";

const issued = {
  kind: "invoice" as const,
  status: "partially_paid" as const,
  number: "INV-2026-0042",
  bill_to_name: "  Kofi Annan Mensah ",
  currency: "GHS" as const,
  total: 933_333_332,
  amount_paid: 100_000,
  amount_credited: 0,
};

describe("an invoice's link on WhatsApp", () => {
  it("names the client, the number, the exact amount still due and the link", () => {
    expect(invoiceLinkWhatsApp(issued, "https://example.test/invoice/1")).toEqual({
      template: "invoice_link",
      params: ["Kofi", "INV-2026-0042", "GHS 9,332,333.32", "https://example.test/invoice/1"],
    });
  });

  it("has nothing to send for a draft, a quote or an invoice paid in full", () => {
    expect(invoiceLinkWhatsApp({ ...issued, number: null }, "x")).toBeNull();
    expect(invoiceLinkWhatsApp({ ...issued, kind: "quote" }, "x")).toBeNull();
    expect(invoiceLinkWhatsApp({ ...issued, amount_paid: issued.total }, "x")).toBeNull();
  });
});
