/**
 * How a listing's place and features read on the page: each part once. Listings are typed by
 * people — the street address often ends with the neighbourhood ("Mensah Wood Street, East
 * Legon") and the free-form features often repeat a checkbox ("Boys' quarters" beside
 * has_boys_quarters) — so repeats are dropped here rather than hoped away in the data.
 */

interface Place {
  address: string | null;
  neighbourhood: string | null;
  city: string | null;
  region?: string | null;
}

interface Amenities {
  is_gated: boolean;
  is_serviced: boolean;
  has_boys_quarters: boolean;
  features: readonly string[];
}

/** Lower case, one kind of apostrophe, single spaces: the form two mentions are compared in. */
function norm(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * "Mensah Wood Street, East Legon, Accra, Greater Accra": the address's own comma-separated parts,
 * then neighbourhood, city and region, each left out when an earlier part already says it (the
 * same words, or a longer name that starts with them: "Airport Residential Area" covers
 * "Airport Residential").
 */
export function listingPlace(p: Place): string {
  const seen: string[] = [];
  const out: string[] = [];
  const parts = [...(p.address ?? "").split(","), p.neighbourhood ?? "", p.city ?? "", p.region ?? ""];
  for (const raw of parts) {
    const part = raw.trim();
    const key = norm(part);
    if (!key || seen.some((s) => s === key || s.startsWith(`${key} `))) continue;
    seen.push(key);
    out.push(part);
  }
  return out.join(", ");
}

/** The features list: the checkbox amenities first, then the free-form ones, each once. */
export function listingFeatures(p: Amenities): string[] {
  const all = [
    p.is_gated && "Gated community",
    p.is_serviced && "Serviced",
    p.has_boys_quarters && "Boys' quarters",
    ...p.features,
  ];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of all) {
    if (!f || !f.trim()) continue;
    const key = norm(f);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f.trim());
  }
  return out;
}
