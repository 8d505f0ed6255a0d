/**
 * The collaboration portal's reads and writes, as the signed-in partner (RLS and the partner RPCs
 * keep each partner to their own rows): the listings shared with them and the agreed split
 * (partner_shared_listings), buyer registration (register_partner_buyer: first registration wins;
 * a later one is refused naming who was first and when, without their client), their registrations
 * and co-broke deals (read-only), their agreements and signed documents, and the message thread.
 */
import * as v from "valibot";
import {
  AGREEMENT_COLUMNS,
  agreementRowSchema,
  PARTNER_MESSAGE_COLUMNS,
  partnerMessageRowSchema,
  type AgreementRow,
  type PartnerMessageRow,
  CO_BROKE_DEAL_COLUMNS,
  coBrokeDealRowSchema,
  REGISTRATION_COLUMNS,
  registrationWithListingSchema,
  sharedListingSchema,
  type CoBrokeDealRow,
  type RegistrationWithListing,
  type SharedListing,
} from "#core/collaboration-management/partner-rows.ts";
import type { BuyerRegistrationInput } from "#core/collaboration-management/partner-schema.ts";
import { clearOfflineData } from "#app/lib/offline/offline-store.ts";
import { getSupabase } from "#app/lib/session.tsx";

/**
 * The portal's form schemas (zod), loaded when a form is used rather than with the portal's first
 * screen; the back-office and the database check the same.
 */
export const loadPortalForms = () => import("#core/collaboration-management/partner-schema.ts");

export const partnerSchema = v.object({ id: v.string(), name: v.string() });

/** The signed-in partner (null when the account is not, or not yet at the required level, a partner's). */
export async function myPartner(): Promise<v.InferOutput<typeof partnerSchema> | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("partners").select("id, name").limit(1).maybeSingle();
  if (error) throw error;
  return data ? v.parse(partnerSchema, data) : null;
}

export async function sharedListings(): Promise<SharedListing[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("partner_shared_listings", {});
  if (error) throw error;
  return v.parse(v.array(sharedListingSchema), data);
}

export type PortalRegistration = RegistrationWithListing;

export async function myRegistrations(): Promise<PortalRegistration[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("partner_buyer_registrations")
    .select(`${REGISTRATION_COLUMNS}, properties(title)`)
    .order("created_at", { ascending: false })
    .limit(200);
  if (error) throw error;
  return v.parse(v.array(registrationWithListingSchema), data);
}

export async function myDeals(): Promise<CoBrokeDealRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("co_broke_deals")
    .select(CO_BROKE_DEAL_COLUMNS)
    .order("updated_at", { ascending: false })
    .limit(200);
  if (error) throw error;
  return v.parse(v.array(coBrokeDealRowSchema), data);
}

/** Registers a buyer; the error's message is the database's sentence (who registered first, when). */
export async function registerBuyer(listingId: string, input: BuyerRegistrationInput): Promise<void> {
  const [{ buyerRegistrationSchema }, supabase] = await Promise.all([loadPortalForms(), getSupabase()]);
  const b = buyerRegistrationSchema.parse(input);
  const { error } = await supabase.rpc("register_partner_buyer", {
    listing: listingId,
    buyer_name: b.buyer_name,
    buyer_phone: b.buyer_phone ?? undefined,
    buyer_email: b.buyer_email ?? undefined,
    notes: b.notes ?? undefined,
  });
  if (error) throw new Error(error.message);
}

/** Signs out; what the device kept for offline use goes first, even if the request then fails. */
export async function signOut(): Promise<void> {
  await clearOfflineData();
  const supabase = await getSupabase();
  // Local scope, as the back-office's sign-out: the partner's sessions on other devices stay.
  const { error } = await supabase.auth.signOut({ scope: "local" });
  if (error) throw new Error(error.message);
}

export async function myAgreements(): Promise<AgreementRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("partner_agreements")
    .select(AGREEMENT_COLUMNS)
    .order("starts_on", { ascending: false })
    .limit(100);
  if (error) throw error;
  return v.parse(v.array(agreementRowSchema), data);
}

/** A short-lived link to a signed agreement (the bucket lets a partner read its own folder only). */
export async function agreementDocumentLink(path: string): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage
    .from("partner-documents")
    .createSignedUrl(path, 300, { download: true });
  if (error) throw new Error(error.message);
  return data.signedUrl;
}

export async function myMessages(): Promise<PartnerMessageRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("partner_messages")
    .select(PARTNER_MESSAGE_COLUMNS)
    .order("created_at")
    .limit(500);
  if (error) throw error;
  return v.parse(v.array(partnerMessageRowSchema), data);
}

/** Writes the partner's message; returns its id (chosen here) for the hub's announcement. */
export async function sendPartnerMessage(partnerId: string, body: string): Promise<string> {
  const [{ messageBodySchema }, supabase] = await Promise.all([loadPortalForms(), getSupabase()]);
  const text = messageBodySchema.parse(body);
  const { data } = await supabase.auth.getSession();
  const id = crypto.randomUUID();
  const { error } = await supabase.from("partner_messages").insert({
    id,
    partner_id: partnerId,
    body: text,
    from_partner: true,
    author_id: data.session?.user.id ?? null,
  });
  if (error) throw new Error(error.message);
  return id;
}

/** Marks the agency's messages read (the partner has the thread open). */
export async function markAgencyMessagesRead(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc("mark_partner_thread_read", {});
  if (error) throw new Error(error.message);
}
