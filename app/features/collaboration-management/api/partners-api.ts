/**
 * The only place that queries the collaboration tables (admins: RLS), parsing rows with core's
 * partner schemas; the invitation goes through the edge (POST /api/partners/invite, the admin's
 * token), which creates or re-links the partner account and mails the link.
 */
import { z } from "zod";
import {
  CO_BROKE_DEAL_COLUMNS,
  coBrokeDealRowSchema,
  PARTNER_COLUMNS,
  PARTNER_INVITE_PATH,
  PARTNER_MEMBER_COLUMNS,
  partnerInviteAnswerSchema,
  partnerMemberRowSchema,
  partnerRowSchema,
  REGISTRATION_COLUMNS,
  registrationRowSchema,
  SHARE_COLUMNS,
  shareRowSchema,
  type PartnerFormOutput,
  type PartnerInviteAnswer,
  type PartnerRow,
} from "#core/partners/partner-schema.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { supabase } from "#app/lib/supabase.ts";

/** Every key of this module starts with "collaboration": one invalidation refreshes it all. */
export const partnerKeys = { all: ["collaboration"] as const };

export async function listPartners(): Promise<PartnerRow[]> {
  const { data, error } = await supabase.from("partners").select(PARTNER_COLUMNS).order("name").limit(500);
  if (error) throw error;
  return z.array(partnerRowSchema).parse(data);
}

export async function getPartner(id: string): Promise<PartnerRow> {
  const { data, error } = await supabase.from("partners").select(PARTNER_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return partnerRowSchema.parse(data);
}

export async function createPartner(values: PartnerFormOutput): Promise<PartnerRow> {
  const { data, error } = await supabase.from("partners").insert(values).select(PARTNER_COLUMNS).single();
  if (error) throw error;
  return partnerRowSchema.parse(data);
}

export async function updatePartner(id: string, version: string, values: PartnerFormOutput): Promise<PartnerRow> {
  const row = await updateUnlessStale(
    supabase.from("partners").update(values).eq("id", id).eq("updated_at", version).select(PARTNER_COLUMNS).maybeSingle(),
    () => supabase.from("partners").select("updated_at").eq("id", id).maybeSingle(),
  );
  return partnerRowSchema.parse(row);
}

export async function listMembers(partnerId: string) {
  const { data, error } = await supabase.from("partner_members").select(PARTNER_MEMBER_COLUMNS).eq("partner_id", partnerId).order("full_name");
  if (error) throw error;
  return z.array(partnerMemberRowSchema).parse(data);
}

export async function addMember(partnerId: string, values: { full_name: string; email: string; phone: string | null; position: string | null }) {
  const { data, error } = await supabase.from("partner_members").insert({ partner_id: partnerId, ...values }).select(PARTNER_MEMBER_COLUMNS).single();
  if (error) throw error;
  const row = partnerMemberRowSchema.parse(data);
  return { ...row, updated_at: row.invited_at ?? new Date().toISOString() };
}

/** Invites a partner's contact to the portal (the edge answers with a sentence on refusal). */
export async function inviteMember(memberId: string): Promise<PartnerInviteAnswer> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new RecordError("Sign in again to send invitations.", "NO_SESSION");
  const res = await fetch(PARTNER_INVITE_PATH, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ memberId }) });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const answer = z.object({ error: z.string(), message: z.string() }).safeParse(body);
    throw new RecordError(answer.success ? answer.data.message : `The invitation was refused (${res.status}).`, answer.success ? answer.data.error : "INVITE_REFUSED");
  }
  return partnerInviteAnswerSchema.parse(body);
}

const shareWithListing = shareRowSchema.extend({ properties: z.object({ title: z.string(), city: z.string().nullable() }).nullable() });
export type ShareWithListing = z.output<typeof shareWithListing>;

export async function listShares(partnerId: string): Promise<ShareWithListing[]> {
  const { data, error } = await supabase.from("partner_listing_shares").select(`${SHARE_COLUMNS}, properties(title, city)`).eq("partner_id", partnerId).order("created_at", { ascending: false });
  if (error) throw error;
  return z.array(shareWithListing).parse(data);
}

export async function shareListing(partnerId: string, values: { property_id: string; partner_split_percent: number; note: string | null }) {
  const { data, error } = await supabase.from("partner_listing_shares").insert({ partner_id: partnerId, ...values }).select(SHARE_COLUMNS).single();
  if (error) throw error;
  const row = shareRowSchema.parse(data);
  return { ...row, updated_at: row.created_at };
}

export async function stopSharing(shareId: string): Promise<void> {
  const { error } = await supabase.from("partner_listing_shares").delete().eq("id", shareId).select("id").single();
  if (error) throw error;
}

const listingOption = z.object({ id: z.string(), title: z.string(), city: z.string().nullable() });
export type ListingOption = z.output<typeof listingOption>;

/** Listings an admin may share (newest first). */
export async function listListingOptions(): Promise<ListingOption[]> {
  const { data, error } = await supabase.from("properties").select("id, title, city").order("created_at", { ascending: false }).limit(300);
  if (error) throw error;
  return z.array(listingOption).parse(data);
}

const registrationWithListing = registrationRowSchema.extend({ properties: z.object({ title: z.string() }).nullable() });
export async function listRegistrations(partnerId: string) {
  const { data, error } = await supabase.from("partner_buyer_registrations").select(`${REGISTRATION_COLUMNS}, properties(title)`).eq("partner_id", partnerId).order("created_at", { ascending: false });
  if (error) throw error;
  return z.array(registrationWithListing).parse(data);
}

export async function listDeals(partnerId: string) {
  const { data, error } = await supabase.from("co_broke_deals").select(CO_BROKE_DEAL_COLUMNS).eq("partner_id", partnerId).order("created_at", { ascending: false });
  if (error) throw error;
  return z.array(coBrokeDealRowSchema).parse(data);
}
