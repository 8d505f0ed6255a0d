/** Merge fields and WhatsApp links (core/inbox/reply-template.ts). */
import { describe, expect, it } from "vitest";
import { companyValues, mergeTemplate, whatsappLink } from "./reply-template.ts";

describe("mergeTemplate", () => {
  it("fills fields, tolerating spaces inside the braces", () => {
    const r = mergeTemplate(
      "Dear {{first_name}}, your {{ service }} is on {{date}} at {{time}}. — {{agent_name}}, {{company_name}}",
      {
        first_name: "Akosua",
        service: "Property valuation",
        date: "Tue 8 Dec 2026",
        time: "10:00",
        agent_name: "Ama Owusu",
        ...companyValues(),
      },
    );
    expect(r.text).toBe(
      "Dear Akosua, your Property valuation is on Tue 8 Dec 2026 at 10:00. — Ama Owusu, Ghana Realty",
    );
    expect(r.missing).toEqual([]);
  });

  it("shows and reports what it could not fill (empty, missing or unknown fields)", () => {
    const r = mergeTemplate("Hi {{first_name}}, about {{property}} {{nonsense}} {{property}}", {
      first_name: "  ",
    });
    expect(r.text).toBe("Hi [first_name?], about [property?] [nonsense?] [property?]");
    expect(r.missing).toEqual(["first_name", "property", "nonsense"]);
  });

  it("leaves other braces alone", () => {
    expect(mergeTemplate("{single} {{Upper}} {{ }}", {}).text).toBe("{single} {{Upper}} {{ }}");
  });
});

describe("whatsappLink", () => {
  it("international digits and the message, encoded", () => {
    expect(whatsappLink("+233244123456", "Hello Kofi & family")).toBe(
      "https://wa.me/233244123456?text=Hello%20Kofi%20%26%20family",
    );
    expect(whatsappLink("024 412 3456", "")).toBe("https://wa.me/233244123456");
    expect(whatsappLink("0044 20 7946 0958", "Hi")).toBe("https://wa.me/442079460958?text=Hi");
  });

  it("no link without a usable number", () => {
    expect(whatsappLink(null, "Hi")).toBeNull();
    expect(whatsappLink("12345", "Hi")).toBeNull();
  });
});
