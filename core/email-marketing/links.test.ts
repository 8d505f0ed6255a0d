/** Click tracking's link rules (core/email-marketing/links.ts): which links are tracked and how the plain-text part is rewritten. */
import { describe, expect, it } from "vitest";
import { clickHref, MAX_TRACKED_LINKS, messageLinks, trackTextLinks } from "./links.ts";

describe("messageLinks", () => {
  it("finds http(s) links once each, in order, without the sentence's punctuation", () => {
    const body =
      "See https://ghanarealty.com/properties?sort=newest. Or (https://ghanarealty.com/consultation), https://ghanarealty.com/properties?sort=newest again; mailto:x@y.com and ftp://x are not links.";
    expect(messageLinks(body)).toEqual([
      "https://ghanarealty.com/properties?sort=newest",
      "https://ghanarealty.com/consultation",
    ]);
  });

  it("tracks at most the first 50 links", () => {
    const body = Array.from({ length: 60 }, (_, i) => `https://ghanarealty.com/p/${i}`).join("\n");
    const links = messageLinks(body);
    expect(links).toHaveLength(MAX_TRACKED_LINKS);
    expect(links.at(-1)).toBe("https://ghanarealty.com/p/49");
  });
});

describe("trackTextLinks", () => {
  const links = [
    { id: "11111111-1111-4111-8111-111111111111", url: "https://ghanarealty.com/properties" },
    {
      id: "22222222-2222-4222-8222-222222222222",
      url: "https://ghanarealty.com/properties/east-legon-villa",
    },
  ];
  const href = (id: string) => clickHref("https://ghanarealty.com", id, `${id}.sig`);

  it("points every occurrence of each link at the click redirect with the recipient's token", () => {
    const text =
      "All homes: https://ghanarealty.com/properties\nThe villa: https://ghanarealty.com/properties/east-legon-villa.\nAgain: https://ghanarealty.com/properties";
    expect(trackTextLinks(text, links, href)).toBe(
      [
        "All homes: https://ghanarealty.com/api/email/click?l=11111111-1111-4111-8111-111111111111&t=11111111-1111-4111-8111-111111111111.sig",
        // The longer URL is replaced whole, not as the shorter one plus a tail.
        "The villa: https://ghanarealty.com/api/email/click?l=22222222-2222-4222-8222-222222222222&t=22222222-2222-4222-8222-222222222222.sig.",
        "Again: https://ghanarealty.com/api/email/click?l=11111111-1111-4111-8111-111111111111&t=11111111-1111-4111-8111-111111111111.sig",
      ].join("\n"),
    );
  });

  it("leaves text without tracked links, and links it was not given, as written", () => {
    expect(trackTextLinks("No links, {{first_name}}.", links, href)).toBe("No links, {{first_name}}.");
    expect(trackTextLinks("Unsubscribe: https://ghanarealty.com/unsubscribe?token=abc", links, href)).toBe(
      "Unsubscribe: https://ghanarealty.com/unsubscribe?token=abc",
    );
    // A click address that contains a link's URL is not rewritten a second time.
    const self = [{ id: "33333333-3333-4333-8333-333333333333", url: "https://ghanarealty.com" }];
    expect(
      trackTextLinks("https://ghanarealty.com", self, (id) => clickHref("https://ghanarealty.com", id, "t")),
    ).toBe("https://ghanarealty.com/api/email/click?l=33333333-3333-4333-8333-333333333333&t=t");
  });
});
