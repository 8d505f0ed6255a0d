import { describe, expect, it } from "vitest";
import {
  allTitleFacts,
  requiredTitleItems,
  titleBadge,
  titleDocumentLabel,
  titleWarnings,
  verificationProblem,
  type TitleCheckState,
  type TitleFacts,
  type TitleItem,
} from "./title-rules.ts";

const privateFreehold: TitleFacts = {
  tenure: "freehold",
  titleType: "land_title_certificate",
  landSource: "private",
  forNonCitizen: false,
};

describe("required title checks", () => {
  it("a registered freehold from a private owner needs the five core checks", () => {
    expect(requiredTitleItems(privateFreehold)).toEqual([
      "site_plan",
      "lands_search",
      "title_document",
      "survey_boundary",
      "encumbrances",
    ]);
  });

  it("stool and family land need the customary consent; so does land of unknown source", () => {
    expect(requiredTitleItems({ ...privateFreehold, landSource: "stool" })).toContain("customary_consent");
    expect(requiredTitleItems({ ...privateFreehold, landSource: "family" })).toContain("customary_consent");
    expect(requiredTitleItems({ ...privateFreehold, landSource: null })).toContain("customary_consent");
    expect(requiredTitleItems({ ...privateFreehold, landSource: "state" })).not.toContain(
      "customary_consent",
    );
  });

  it("a leasehold, an unknown tenure and any non-citizen buyer need the lease term", () => {
    expect(requiredTitleItems({ ...privateFreehold, tenure: "leasehold" })).toContain("lease_term");
    expect(requiredTitleItems({ ...privateFreehold, tenure: null })).toContain("lease_term");
    expect(requiredTitleItems({ ...privateFreehold, forNonCitizen: true })).toContain("lease_term");
    expect(
      requiredTitleItems({
        tenure: "leasehold",
        titleType: "indenture",
        landSource: "family",
        forNonCitizen: true,
      }),
    ).toEqual([
      "site_plan",
      "lands_search",
      "title_document",
      "customary_consent",
      "survey_boundary",
      "encumbrances",
      "lease_term",
    ]);
  });

  it("always asks for the site plan, the official search and the title document", () => {
    for (const facts of allTitleFacts())
      expect(requiredTitleItems(facts)).toEqual(
        expect.arrayContaining(["site_plan", "lands_search", "title_document"]),
      );
    expect(allTitleFacts()).toHaveLength(3 * 5 * 5 * 2);
  });

  it("names the title document after the title type, and warns about impossible or weak titles", () => {
    expect(titleDocumentLabel("land_title_certificate")).toBe("Land Title Certificate");
    expect(titleDocumentLabel(null)).toBe("Indenture or Land Title Certificate");
    expect(titleWarnings({ ...privateFreehold, forNonCitizen: true })[0]).toMatch(
      /non-citizen cannot hold a freehold/,
    );
    expect(titleWarnings({ ...privateFreehold, titleType: "unregistered" })[0]).toMatch(/not registered/);
    expect(titleWarnings(privateFreehold)).toEqual([]);
  });
});

describe("verifying a check", () => {
  const empty = { hasDocument: false, reference: null, checkedOn: null, leaseYearsLeft: null, notes: null };
  it("needs the document, the search reference and date, the lease years, or the encumbrance finding", () => {
    expect(verificationProblem("site_plan", empty)).toBe("Attach the document before verifying.");
    expect(verificationProblem("site_plan", { ...empty, hasDocument: true })).toBeNull();
    expect(verificationProblem("lands_search", { ...empty, hasDocument: true })).toBe(
      "Enter the search reference and the date of the search before verifying.",
    );
    expect(
      verificationProblem("lands_search", {
        ...empty,
        hasDocument: true,
        reference: "LC/GA/2026/1182",
        checkedOn: "2026-11-02",
      }),
    ).toBeNull();
    expect(
      verificationProblem("lands_search", {
        ...empty,
        reference: "LC/GA/2026/1182",
        checkedOn: "2026-11-02",
      }),
    ).toBe("Attach the document before verifying.");
    expect(verificationProblem("lease_term", empty)).toBe(
      "Enter the years left on the lease before verifying.",
    );
    expect(verificationProblem("lease_term", { ...empty, leaseYearsLeft: 0 })).toBeNull();
    expect(verificationProblem("encumbrances", empty)).toMatch(/^Record what the encumbrance check found/);
    expect(
      verificationProblem("encumbrances", { ...empty, notes: "No caveat, no mortgage registered" }),
    ).toBeNull();
  });
});

describe("the badge", () => {
  const verified = (item: TitleItem, at: string): TitleCheckState => ({
    item,
    status: "verified",
    verifiedAt: at,
  });
  it("shows when every required check is verified, dated by the last verification", () => {
    const checks = [
      verified("site_plan", "2026-11-01T10:00:00Z"),
      verified("lands_search", "2026-11-03T09:00:00Z"),
      verified("title_document", "2026-11-02T09:00:00Z"),
      verified("survey_boundary", "2026-11-02T12:00:00Z"),
      verified("encumbrances", "2026-11-02T13:00:00Z"),
      { item: "lease_term", status: "pending", verifiedAt: null } satisfies TitleCheckState,
    ];
    expect(titleBadge(privateFreehold, checks)).toEqual({
      complete: true,
      outstanding: [],
      since: "2026-11-03T09:00:00Z",
    });
    expect(titleBadge({ ...privateFreehold, tenure: "leasehold" }, checks)).toEqual({
      complete: false,
      outstanding: ["lease_term"],
      since: null,
    });
    expect(titleBadge(privateFreehold, checks.slice(1)).outstanding).toEqual(["site_plan"]);
  });
});
