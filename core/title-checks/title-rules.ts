/**
 * Title due diligence: which checks a property needs before anyone pays, from
 * its tenure, title type, land source and whether the buyer is a non-citizen — and what each
 * check must hold before an admin may mark it verified. Land and title fraud is the sector's main
 * pain in Ghana: a site plan, an official Lands Commission search and, on stool or family land,
 * the customary owners' consent come first. The database applies the same rules
 * (private.title_required_items, private.title_verification_problem in
 * supabase/migrations/20261125600200_title_checks.sql; tests/rls/title-checks.test.ts compares
 * every combination with these functions).
 */

export const TITLE_ITEMS = [
  "site_plan",
  "lands_search",
  "title_document",
  "customary_consent",
  "survey_boundary",
  "encumbrances",
  "lease_term",
] as const;
export type TitleItem = (typeof TITLE_ITEMS)[number];

export const TITLE_TENURES = ["freehold", "leasehold"] as const;
export type TitleTenure = (typeof TITLE_TENURES)[number];

export const TITLE_DOCUMENT_TYPES = [
  "land_title_certificate",
  "indenture",
  "deed_of_assignment",
  "unregistered",
] as const;
export type TitleDocumentType = (typeof TITLE_DOCUMENT_TYPES)[number];
export const TITLE_DOCUMENT_TYPE_LABELS: Record<TitleDocumentType, string> = {
  land_title_certificate: "Land Title Certificate",
  indenture: "Indenture",
  deed_of_assignment: "Deed of assignment",
  unregistered: "Not registered yet",
};

/** Who the land comes from: stool and family land are customary land (about four-fifths of Ghana's land). */
export const LAND_SOURCES = ["private", "stool", "family", "state"] as const;
export type LandSource = (typeof LAND_SOURCES)[number];
export const LAND_SOURCE_LABELS: Record<LandSource, string> = {
  private: "Private owner",
  stool: "Stool land",
  family: "Family land",
  state: "State land",
};

export const TITLE_CHECK_STATUSES = ["pending", "requested", "received", "problem", "verified"] as const;
export type TitleCheckStatus = (typeof TITLE_CHECK_STATUSES)[number];
export const TITLE_CHECK_STATUS_LABELS: Record<TitleCheckStatus, string> = {
  pending: "Not started",
  requested: "Requested",
  received: "Received, to check",
  problem: "Problem found",
  verified: "Verified",
};

export const TITLE_ITEM_LABELS: Record<TitleItem, string> = {
  site_plan: "Site plan",
  lands_search: "Lands Commission official search",
  title_document: "Indenture or Land Title Certificate",
  customary_consent: "Stool or family land consent",
  survey_boundary: "Survey and boundary check",
  encumbrances: "Encumbrances (mortgages, caveats, disputes)",
  lease_term: "Lease years left",
};

export const TITLE_ITEM_HINTS: Record<TitleItem, string> = {
  site_plan: "Signed by a licensed surveyor and approved by the Survey and Mapping Division.",
  lands_search: "The official search result: its reference number and date.",
  title_document: "The registered title the seller holds.",
  customary_consent: "Consent of the chief (stool) or family head to the grant, with the allocation note.",
  survey_boundary: "Pillars on site match the site plan; no overlap with neighbours.",
  encumbrances: "Mortgages, caveats, court cases or other claims on the land.",
  lease_term: "Years left on the lease; a non-citizen may hold at most a 50-year lease.",
};

/** The facts the required checks depend on; null = not known yet (the stricter rule applies). */
export interface TitleFacts {
  tenure: TitleTenure | null;
  titleType: TitleDocumentType | null;
  landSource: LandSource | null;
  forNonCitizen: boolean;
}

/** Items whose verification needs an attached document. */
export const DOCUMENT_ITEMS: readonly TitleItem[] = [
  "site_plan",
  "lands_search",
  "title_document",
  "customary_consent",
  "survey_boundary",
];

/** Longest lease a non-citizen may hold (Land Act 2020, Act 1036, s. 47). */
export const NON_CITIZEN_MAX_LEASE_YEARS = 50;

/** The checks a property needs, in checklist order. */
export function requiredTitleItems(facts: TitleFacts): TitleItem[] {
  return TITLE_ITEMS.filter((item) => {
    switch (item) {
      case "customary_consent":
        // Until the land is known not to be stool or family land, the consent is needed.
        return facts.landSource === null || facts.landSource === "stool" || facts.landSource === "family";
      case "lease_term":
        // A leasehold (or a tenure nobody confirmed), and any purchase by a non-citizen, who can only take a lease.
        return facts.tenure !== "freehold" || facts.forNonCitizen;
      default:
        return true;
    }
  });
}

/** What the title-document check is called for this title type. */
export function titleDocumentLabel(type: TitleDocumentType | null): string {
  switch (type) {
    case "land_title_certificate":
      return "Land Title Certificate";
    case "indenture":
      return "Indenture (stamped and registered)";
    case "deed_of_assignment":
      return "Deed of assignment";
    default:
      return TITLE_ITEM_LABELS.title_document;
  }
}

/** Warnings about the facts themselves (shown above the checklist). */
export function titleWarnings(facts: TitleFacts): string[] {
  const out: string[] = [];
  if (facts.forNonCitizen && facts.tenure === "freehold") {
    out.push(
      `A non-citizen cannot hold a freehold in Ghana: only a lease of at most ${NON_CITIZEN_MAX_LEASE_YEARS} years.`,
    );
  }
  if (facts.titleType === "unregistered") {
    out.push(
      "The title is not registered: make registration a condition of the sale and rely on the official search.",
    );
  }
  return out;
}

/** What a check holds, for the verification rule. */
export interface TitleCheckContent {
  hasDocument: boolean;
  reference: string | null;
  checkedOn: string | null;
  leaseYearsLeft: number | null;
  notes: string | null;
}

/** Why the check cannot be marked verified yet, or null. */
export function verificationProblem(item: TitleItem, c: TitleCheckContent): string | null {
  if (item === "lands_search" && (!c.reference?.trim() || !c.checkedOn))
    return "Enter the search reference and the date of the search before verifying.";
  if (item === "lease_term" && c.leaseYearsLeft === null)
    return "Enter the years left on the lease before verifying.";
  if (item === "encumbrances" && !c.hasDocument && !c.notes?.trim())
    return "Record what the encumbrance check found (a note or a document) before verifying.";
  if (DOCUMENT_ITEMS.includes(item) && !c.hasDocument) return "Attach the document before verifying.";
  return null;
}

export interface TitleCheckState {
  item: TitleItem;
  status: TitleCheckStatus;
  verifiedAt: string | null;
}

/**
 * The badge: every required check verified. `since` is when the last of them was verified —
 * the date the public listing shows next to "Title documents verified".
 */
export function titleBadge(
  facts: TitleFacts,
  checks: readonly TitleCheckState[],
): { complete: boolean; outstanding: TitleItem[]; since: string | null } {
  const required = requiredTitleItems(facts);
  const outstanding = required.filter((item) => checks.find((c) => c.item === item)?.status !== "verified");
  if (outstanding.length > 0) return { complete: false, outstanding, since: null };
  const times = required
    .map((item) => checks.find((c) => c.item === item)!.verifiedAt)
    .filter((t): t is string => t !== null);
  const since = times.length ? times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null;
  return { complete: true, outstanding: [], since };
}

/** Every combination of facts, for tests that compare core with the database. */
export function allTitleFacts(): TitleFacts[] {
  const out: TitleFacts[] = [];
  for (const tenure of [null, ...TITLE_TENURES])
    for (const titleType of [null, ...TITLE_DOCUMENT_TYPES])
      for (const landSource of [null, ...LAND_SOURCES])
        for (const forNonCitizen of [false, true]) out.push({ tenure, titleType, landSource, forNonCitizen });
  return out;
}
