/**
 * The listing status workflow: draft → coming soon → available →
 * reserved / under offer → sold / let → withdrawn / archived. One table of allowed moves,
 * checked by the back-office before it sends anything and mirrored by the database trigger
 * `private.guard_property_status` (migration …_properties_admin.sql) so an API client cannot
 * skip it; tests/rls/properties-admin.test.ts proves the two agree move for move.
 *
 * Rules a real agency keeps: a listing is reserved or under offer before it is sold or let;
 * "sold" is for sale listings and "let" for rentals; a sold listing can only be archived, a let
 * one comes back as available when the tenancy ends; withdrawn listings can return; an
 * archived one is re-listed through draft.
 */
import { PROPERTY_STATUSES, type ListingType, type PropertyStatus } from "../content-model.ts";

export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  draft: "Draft",
  coming_soon: "Coming soon",
  available: "Available",
  reserved: "Reserved",
  under_offer: "Under offer",
  sold: "Sold",
  let: "Let",
  withdrawn: "Withdrawn",
  archived: "Archived",
};

/** Where each status may go next (before the sale/rent rule below). */
export const PROPERTY_STATUS_MOVES: Record<PropertyStatus, readonly PropertyStatus[]> = {
  draft: ["coming_soon", "available", "archived"],
  coming_soon: ["draft", "available", "withdrawn", "archived"],
  available: ["reserved", "under_offer", "withdrawn", "archived"],
  reserved: ["available", "under_offer", "sold", "let", "withdrawn"],
  under_offer: ["available", "reserved", "sold", "let", "withdrawn"],
  sold: ["archived"],
  let: ["available", "archived"],
  withdrawn: ["draft", "coming_soon", "available", "archived"],
  archived: ["draft"],
};

/** Statuses a new listing may start in (the trigger refuses others through the API). */
export const PROPERTY_INITIAL_STATUSES = [
  "draft",
  "coming_soon",
  "available",
] as const satisfies readonly PropertyStatus[];

/** The closing status of a listing type: sale → sold, rent → let. */
export const CLOSED_STATUS: Record<ListingType, PropertyStatus> = { sale: "sold", rent: "let" };

/** A status another listing type owns ("let" for a sale listing). */
function wrongClosing(to: PropertyStatus, listingType: ListingType): boolean {
  return (to === "sold" || to === "let") && CLOSED_STATUS[listingType] !== to;
}

/** The statuses a listing in `from` may move to. */
export function nextStatuses(from: PropertyStatus, listingType: ListingType): PropertyStatus[] {
  return PROPERTY_STATUS_MOVES[from].filter((to) => !wrongClosing(to, listingType));
}

function list(statuses: readonly PropertyStatus[]): string {
  const labels = statuses.map((s) => PROPERTY_STATUS_LABELS[s]);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/**
 * Why a move is refused, or null when it is allowed (staying put is allowed). The same
 * sentences come from the database trigger.
 */
export function statusMoveError(
  from: PropertyStatus,
  to: PropertyStatus,
  listingType: ListingType,
): string | null {
  if (from === to) return null;
  if (wrongClosing(to, listingType)) {
    return listingType === "sale"
      ? "A listing for sale is sold, not let."
      : "A listing for rent is let, not sold.";
  }
  if (PROPERTY_STATUS_MOVES[from].includes(to)) return null;
  const allowed = nextStatuses(from, listingType);
  return `A listing cannot go from ${PROPERTY_STATUS_LABELS[from]} to ${PROPERTY_STATUS_LABELS[to]}. From ${PROPERTY_STATUS_LABELS[from]} it can go to ${list(allowed)}.`;
}

export function canMoveStatus(from: PropertyStatus, to: PropertyStatus, listingType: ListingType): boolean {
  return statusMoveError(from, to, listingType) === null;
}

/** Why a new listing may not start in `status`, or null. */
export function initialStatusError(status: PropertyStatus): string | null {
  return (PROPERTY_INITIAL_STATUSES as readonly string[]).includes(status)
    ? null
    : `A new listing starts as ${list(PROPERTY_INITIAL_STATUSES)}.`;
}

/**
 * Every (from, to, listing type) a listing can meet — a sale is never in "let" nor a rental in
 * "sold" — for the parity test with the database.
 */
export function allStatusMoves(): Array<{
  from: PropertyStatus;
  to: PropertyStatus;
  listingType: ListingType;
  allowed: boolean;
}> {
  const out: Array<{ from: PropertyStatus; to: PropertyStatus; listingType: ListingType; allowed: boolean }> =
    [];
  for (const listingType of ["sale", "rent"] as const)
    for (const from of PROPERTY_STATUSES) {
      if (wrongClosing(from, listingType)) continue;
      for (const to of PROPERTY_STATUSES)
        if (from !== to) out.push({ from, to, listingType, allowed: canMoveStatus(from, to, listingType) });
    }
  return out;
}
