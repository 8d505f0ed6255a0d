/**
 * Two-way matching for the back-office: a request's best listings and a
 * listing's matching requests (database RPCs: staff only, RLS of the caller), what was already
 * sent to the visitor, and the one-click curated e-mail of matches.
 */
import { z } from "zod";
import { inboxReplySchema, type InboxReply } from "#core/inbox/inbox-schema.ts";
import { supabase } from "#app/lib/supabase.ts";

const num = z.coerce.number();

export const listingMatchSchema = z.object({
  property_id: z.string(),
  score: z.number(),
  reasons: z.array(z.string()),
  title: z.string(),
  slug: z.string(),
  city: z.string(),
  neighbourhood: z.string().nullable(),
  price: z.union([z.null(), num]),
  currency: z.string(),
  rent_period: z.string().nullable(),
  bedrooms: z.number().nullable(),
  property_type: z.string(),
  status: z.string(),
  agent_id: z.string().nullable(),
});
export type ListingMatch = z.infer<typeof listingMatchSchema>;

export const requestMatchSchema = z.object({
  request_id: z.string(),
  score: z.number(),
  reasons: z.array(z.string()),
  full_name: z.string(),
  status: z.string(),
  assignee_id: z.string().nullable(),
  listing_type: z.string(),
  budget_max: num,
  currency: z.string(),
  created_at: z.string(),
});
export type RequestMatch = z.infer<typeof requestMatchSchema>;

export async function matchesForRequest(requestId: string): Promise<ListingMatch[]> {
  const { data, error } = await supabase.rpc("match_properties_for_request", { request_id: requestId });
  if (error) throw error;
  return z.array(listingMatchSchema).parse(data);
}

export async function matchesForProperty(propertyId: string): Promise<RequestMatch[]> {
  const { data, error } = await supabase.rpc("match_requests_for_property", { property_id: propertyId });
  if (error) throw error;
  return z.array(requestMatchSchema).parse(data);
}

/** Listings already e-mailed to this request's visitor (property id → when). */
export async function emailedMatches(requestId: string): Promise<Map<string, string>> {
  const { data, error } = await supabase
    .from("property_request_matches")
    .select("property_id, emailed_at")
    .eq("request_id", requestId)
    .not("emailed_at", "is", null);
  if (error) throw error;
  return new Map(
    z
      .array(z.object({ property_id: z.string(), emailed_at: z.string() }))
      .parse(data)
      .map((r) => [r.property_id, r.emailed_at]),
  );
}

/** The curated e-mail: only published listings go out; the links point at the public site. */
export async function sendMatches(
  requestId: string,
  propertyIds: string[],
  siteOrigin: string,
  note: string | null,
): Promise<InboxReply> {
  const { data, error } = await supabase.rpc("send_request_matches", {
    request_id: requestId,
    property_ids: propertyIds,
    site_origin: siteOrigin,
    ...(note ? { note } : {}),
  });
  if (error) throw error;
  return inboxReplySchema.parse(data);
}
