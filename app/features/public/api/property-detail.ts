/**
 * One listing for its page (and the look-ups of the booking form): the detail columns and schema,
 * kept apart from the search module so the home page and the listing grid don't load them.
 */
import * as v from "valibot";
import { numericSchema as numeric } from "#core/schemas/content-fields.ts";
import {
  CARD_COLUMNS,
  intSchema,
  nullableText,
  propertyCardSchema,
  type PropertyCard,
} from "./properties.ts";
import { publicDb } from "./public-db.ts";

export const propertyDetailSchema = v.object({
  ...propertyCardSchema.entries,
  description: nullableText(),
  rent_advance_months: v.optional(v.nullable(intSchema())),
  plots: v.optional(v.nullable(numeric)),
  tenure: v.optional(nullableText()),
  lease_years_remaining: v.optional(v.nullable(intSchema())),
  title_type: v.optional(nullableText()),
  furnishing: v.optional(nullableText()),
  is_gated: v.optional(v.boolean(), false),
  is_serviced: v.optional(v.boolean(), false),
  has_boys_quarters: v.optional(v.boolean(), false),
  address: nullableText(),
  ghana_post_gps: v.optional(nullableText()),
  features: v.optional(v.array(v.string()), []),
  /** When an admin verified every required title check; null otherwise. */
  title_verified_at: v.optional(nullableText()),
  updated_at: v.string(),
});
export type PropertyDetail = v.InferOutput<typeof propertyDetailSchema>;

const DETAIL_COLUMNS = `${CARD_COLUMNS},description,rent_advance_months,plots,tenure,lease_years_remaining,title_type,furnishing,is_gated,is_serviced,has_boys_quarters,address,ghana_post_gps,features,title_verified_at,updated_at`;

export async function getProperty(slug: string): Promise<PropertyDetail | null> {
  const { data, error } = await publicDb
    .from("properties")
    .select(DETAIL_COLUMNS)
    .eq("slug", slug)
    .maybeSingle();
  if (error) throw new Error(`Could not load the property: ${error.message}`);
  return data ? v.parse(propertyDetailSchema, data) : null;
}

export async function similarProperties(p: PropertyCard, limit = 3): Promise<PropertyCard[]> {
  const { data, error } = await publicDb
    .from("properties")
    .select(CARD_COLUMNS)
    .eq("property_type", p.property_type)
    .eq("listing_type", p.listing_type)
    .neq("id", p.id)
    .order("published_at", { ascending: false })
    .limit(limit);
  if (error) throw new Error(error.message);
  return v.parse(v.array(propertyCardSchema), data ?? []);
}

export async function propertyTitleBySlug(slug: string): Promise<{ id: string; title: string } | null> {
  const { data, error } = await publicDb.from("properties").select("id,title").eq("slug", slug).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? v.parse(v.object({ id: v.string(), title: v.string() }), data) : null;
}

const listingAgentSchema = v.object({
  first_name: nullableText(),
  last_name: nullableText(),
  avatar_url: nullableText(),
  phone: nullableText(),
});
export type ListingAgent = v.InferOutput<typeof listingAgentSchema>;

/** The listing's agent card (migration listing_agents: public details only), or null. */
export async function listingAgent(slug: string): Promise<ListingAgent | null> {
  const { data, error } = await publicDb.rpc("listing_agent", { listing_slug: slug });
  if (error) throw new Error(`Could not load the agent: ${error.message}`);
  const row = v.parse(v.array(listingAgentSchema), data ?? [])[0];
  return row && (row.first_name || row.last_name) ? row : null;
}
