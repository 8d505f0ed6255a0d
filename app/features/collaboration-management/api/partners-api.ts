/**
 * The only place that queries the collaboration tables (admins: RLS), parsing rows with core's
 * partner schemas; the invitation goes through the edge (POST /api/partners/invite, the admin's
 * token), which creates or re-links the partner account and mails the link. Also agreements
 * (signed document in the private partner-documents bucket), decisions on registered clients,
 * co-broke deals and the message thread.
 */
import * as v from "valibot";
import {
  AGREEMENT_COLUMNS,
  agreementRowSchema,
  PARTNER_MESSAGE_COLUMNS,
  partnerMessageRowSchema,
  type AgreementRow,
  type CoBrokeDealRow,
  type PartnerMessageRow,
  CO_BROKE_DEAL_COLUMNS,
  coBrokeDealRowSchema,
  PARTNER_COLUMNS,
  PARTNER_MEMBER_COLUMNS,
  partnerMemberRowSchema,
  partnerRowSchema,
  REGISTRATION_COLUMNS,
  registrationWithListingSchema,
  SHARE_COLUMNS,
  shareRowSchema,
  type PartnerRow,
} from "#core/collaboration-management/partner-rows.ts";
import type {
  AgreementFormOutput,
  DealFormOutput,
  PartnerFormOutput,
  PartnerInviteAnswer,
  RegistrationDecision,
} from "#core/collaboration-management/partner-schema.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { uploadWithProgress } from "#app/lib/storage-upload-api.ts";
import { EdgeRefusal, edgeJson } from "#app/lib/edge-api.ts";
import { supabase } from "#app/lib/supabase.ts";

const PARTNER_DOCUMENTS_BUCKET = "partner-documents";

/** The forms' and the invitation's schemas (zod): loaded by the writes that check with them, not with the list. */
const loadPartnerForms = () => import("#core/collaboration-management/partner-schema.ts");

export async function listPartners(): Promise<PartnerRow[]> {
  const { data, error } = await supabase.from("partners").select(PARTNER_COLUMNS).order("name").limit(500);
  if (error) throw error;
  return v.parse(v.array(partnerRowSchema), data);
}

export async function getPartner(id: string): Promise<PartnerRow> {
  const { data, error } = await supabase.from("partners").select(PARTNER_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return v.parse(partnerRowSchema, data);
}

export async function createPartner(values: PartnerFormOutput): Promise<PartnerRow> {
  const { data, error } = await supabase.from("partners").insert(values).select(PARTNER_COLUMNS).single();
  if (error) throw error;
  return v.parse(partnerRowSchema, data);
}

export async function updatePartner(
  id: string,
  version: string,
  values: PartnerFormOutput,
): Promise<PartnerRow> {
  const row = await updateUnlessStale(
    supabase
      .from("partners")
      .update(values)
      .eq("id", id)
      .eq("updated_at", version)
      .select(PARTNER_COLUMNS)
      .maybeSingle(),
    () => supabase.from("partners").select("updated_at").eq("id", id).maybeSingle(),
  );
  return v.parse(partnerRowSchema, row);
}

export async function listMembers(partnerId: string) {
  const { data, error } = await supabase
    .from("partner_members")
    .select(PARTNER_MEMBER_COLUMNS)
    .eq("partner_id", partnerId)
    .order("full_name");
  if (error) throw error;
  return v.parse(v.array(partnerMemberRowSchema), data);
}

export async function addMember(
  partnerId: string,
  values: { full_name: string; email: string; phone: string | null; position: string | null },
) {
  const { data, error } = await supabase
    .from("partner_members")
    .insert({ partner_id: partnerId, ...values })
    .select(PARTNER_MEMBER_COLUMNS)
    .single();
  if (error) throw error;
  const row = v.parse(partnerMemberRowSchema, data);
  return { ...row, updated_at: row.invited_at ?? new Date().toISOString() };
}

/** Invites a partner's contact to the portal (the edge answers with a sentence on refusal). */
export async function inviteMember(memberId: string): Promise<PartnerInviteAnswer> {
  const { PARTNER_INVITE_PATH, partnerInviteAnswerSchema } = await loadPartnerForms();
  try {
    return await edgeJson(PARTNER_INVITE_PATH, {
      json: { memberId },
      signedOutMessage: "Sign in again to send invitations.",
      refusedMessage: "The invitation was refused",
      parse: (body) => partnerInviteAnswerSchema.parse(body),
    });
  } catch (err) {
    if (!(err instanceof EdgeRefusal)) throw err;
    const code =
      err.code === "no_session" ? "NO_SESSION" : err.code === "refused" ? "INVITE_REFUSED" : err.code;
    throw new RecordError(err.message, code);
  }
}

const shareWithListing = v.object({
  ...shareRowSchema.entries,
  properties: v.nullable(v.object({ title: v.string(), city: v.nullable(v.string()) })),
});
export type ShareWithListing = v.InferOutput<typeof shareWithListing>;

export async function listShares(partnerId: string): Promise<ShareWithListing[]> {
  const { data, error } = await supabase
    .from("partner_listing_shares")
    .select(`${SHARE_COLUMNS}, properties(title, city)`)
    .eq("partner_id", partnerId)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return v.parse(v.array(shareWithListing), data);
}

export async function shareListing(
  partnerId: string,
  values: { property_id: string; partner_split_percent: number; note: string | null },
) {
  const { data, error } = await supabase
    .from("partner_listing_shares")
    .insert({ partner_id: partnerId, ...values })
    .select(SHARE_COLUMNS)
    .single();
  if (error) throw error;
  const row = v.parse(shareRowSchema, data);
  return { ...row, updated_at: row.created_at };
}

export async function stopSharing(shareId: string): Promise<void> {
  const { error } = await supabase
    .from("partner_listing_shares")
    .delete()
    .eq("id", shareId)
    .select("id")
    .single();
  if (error) throw error;
}

const listingOption = v.object({ id: v.string(), title: v.string(), city: v.nullable(v.string()) });
export type ListingOption = v.InferOutput<typeof listingOption>;

/** Listings an admin may share (newest first). */
export async function listListingOptions(): Promise<ListingOption[]> {
  const { data, error } = await supabase
    .from("properties")
    .select("id, title, city")
    .order("created_at", { ascending: false })
    .limit(300);
  if (error) throw error;
  return v.parse(v.array(listingOption), data);
}

export async function listRegistrations(partnerId: string) {
  const { data, error } = await supabase
    .from("partner_buyer_registrations")
    .select(`${REGISTRATION_COLUMNS}, properties(title)`)
    .eq("partner_id", partnerId)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return v.parse(v.array(registrationWithListingSchema), data);
}

export async function listDeals(partnerId: string): Promise<CoBrokeDealRow[]> {
  const { data, error } = await supabase
    .from("co_broke_deals")
    .select(CO_BROKE_DEAL_COLUMNS)
    .eq("partner_id", partnerId)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return v.parse(v.array(coBrokeDealRowSchema), data);
}

// ── Agreements (document in the private partner-documents bucket, folder = partner id) ────────

export async function listAgreements(partnerId: string): Promise<AgreementRow[]> {
  const { data, error } = await supabase
    .from("partner_agreements")
    .select(AGREEMENT_COLUMNS)
    .eq("partner_id", partnerId)
    .order("starts_on", { ascending: false });
  if (error) throw error;
  return v.parse(v.array(agreementRowSchema), data);
}

export async function saveAgreement(
  partnerId: string,
  id: string | null,
  version: string | null,
  values: AgreementFormOutput,
): Promise<AgreementRow> {
  if (id === null) {
    const { data, error } = await supabase
      .from("partner_agreements")
      .insert({ partner_id: partnerId, ...values })
      .select(AGREEMENT_COLUMNS)
      .single();
    if (error) throw error;
    return v.parse(agreementRowSchema, data);
  }
  const row = await updateUnlessStale(
    supabase
      .from("partner_agreements")
      .update(values)
      .eq("id", id)
      .eq("updated_at", version ?? "")
      .select(AGREEMENT_COLUMNS)
      .maybeSingle(),
    () => supabase.from("partner_agreements").select("updated_at").eq("id", id).maybeSingle(),
  );
  return v.parse(agreementRowSchema, row);
}

/** Uploads the signed document (type checked here and by the bucket) and points the agreement at it; the old file goes. */
export async function attachAgreementDocument(agreement: AgreementRow, file: File): Promise<void> {
  const { agreementDocumentProblem } = await loadPartnerForms();
  const problem = agreementDocumentProblem(file);
  if (problem) throw new RecordError(problem, "BAD_DOCUMENT");
  const safeName = file.name.replace(/[^\w.-]+/g, "-").slice(-120) || "agreement";
  const path = `${agreement.partner_id}/${agreement.id}/${crypto.randomUUID().slice(0, 8)}-${safeName}`;
  await uploadWithProgress({ bucket: PARTNER_DOCUMENTS_BUCKET, path, file });
  const { error } = await supabase
    .from("partner_agreements")
    .update({ document_path: path, document_name: file.name.slice(0, 255) })
    .eq("id", agreement.id)
    .select("id")
    .single();
  if (error) {
    await supabase.storage.from(PARTNER_DOCUMENTS_BUCKET).remove([path]);
    throw error;
  }
  if (agreement.document_path)
    await supabase.storage.from(PARTNER_DOCUMENTS_BUCKET).remove([agreement.document_path]);
}

export async function agreementDocumentUrl(path: string): Promise<string> {
  const { data, error } = await supabase.storage
    .from(PARTNER_DOCUMENTS_BUCKET)
    .createSignedUrl(path, 300, { download: true });
  if (error) throw error;
  return data.signedUrl;
}

// ── Registered clients: accept, or decline with a reason ──────────────────────────────────────

export async function decideRegistration(id: string, decision: RegistrationDecision): Promise<void> {
  const { registrationDecisionSchema } = await loadPartnerForms();
  const values = registrationDecisionSchema.parse(decision);
  const patch =
    values.status === "declined"
      ? { status: values.status, decline_reason: values.decline_reason }
      : { status: values.status, decline_reason: null };
  const { error } = await supabase
    .from("partner_buyer_registrations")
    .update(patch)
    .eq("id", id)
    .select("id")
    .single();
  if (error) throw error;
}

// ── Co-broke deals ────────────────────────────────────────────────────────────────────────────

export async function saveDeal(
  partnerId: string,
  id: string | null,
  version: string | null,
  values: DealFormOutput,
): Promise<CoBrokeDealRow> {
  if (id === null) {
    const { data, error } = await supabase
      .from("co_broke_deals")
      .insert({ partner_id: partnerId, ...values })
      .select(CO_BROKE_DEAL_COLUMNS)
      .single();
    if (error) throw error;
    return v.parse(coBrokeDealRowSchema, data);
  }
  const row = await updateUnlessStale(
    supabase
      .from("co_broke_deals")
      .update(values)
      .eq("id", id)
      .eq("updated_at", version ?? "")
      .select(CO_BROKE_DEAL_COLUMNS)
      .maybeSingle(),
    () => supabase.from("co_broke_deals").select("updated_at").eq("id", id).maybeSingle(),
  );
  return v.parse(coBrokeDealRowSchema, row);
}

// ── The thread with the partner ───────────────────────────────────────────────────────────────

export async function listMessages(partnerId: string): Promise<PartnerMessageRow[]> {
  const { data, error } = await supabase
    .from("partner_messages")
    .select(PARTNER_MESSAGE_COLUMNS)
    .eq("partner_id", partnerId)
    .order("created_at")
    .limit(500);
  if (error) throw error;
  return v.parse(v.array(partnerMessageRowSchema), data);
}

/** Writes the agency's message; returns its id (chosen here) for the hub's announcement. */
export async function sendMessage(partnerId: string, body: string): Promise<string> {
  const { messageBodySchema } = await loadPartnerForms();
  const text = messageBodySchema.parse(body);
  const { data } = await supabase.auth.getSession();
  const id = crypto.randomUUID();
  const { error } = await supabase.from("partner_messages").insert({
    id,
    partner_id: partnerId,
    body: text,
    from_partner: false,
    author_id: data.session?.user.id ?? null,
  });
  if (error) throw error;
  return id;
}

/** Marks the partner's messages read (the admin has the thread open). */
export async function markThreadRead(partnerId: string): Promise<void> {
  const { error } = await supabase.rpc("mark_partner_thread_read", { partner: partnerId });
  if (error) throw error;
}
