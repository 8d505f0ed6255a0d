/**
 * Email marketing's data through RLS (module 'email_marketing'): lists/segments and static
 * members, templates, campaigns, the suppression list; and the database's functions that see
 * past a user's contact access on purpose — audience counts, queue_campaign (the send: every
 * consented, unsuppressed address once, with one-click unsubscribe), per-campaign figures.
 */
import { z } from "zod";
import { segmentFilterSchema, type SegmentFilter } from "#core/email-marketing/merge.ts";
import { originOf } from "#core/hosts.ts";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { supabase } from "#app/lib/supabase.ts";

const listSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(["static", "segment"]),
  filter: z.unknown(),
  created_at: z.string(),
});
export type EmailList = Omit<z.output<typeof listSchema>, "filter"> & { filter: SegmentFilter };
const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type EmailTemplate = z.output<typeof templateSchema>;
const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  list_id: z.string().nullable(),
  template_id: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(["draft", "scheduled", "sending", "sent"]),
  queued_at: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  schedule_error: z.string().nullable(),
  recipients_count: z.number(),
  created_at: z.string(),
});
export type EmailCampaign = z.output<typeof campaignSchema>;
const suppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(["unsubscribed", "bounced", "complained", "manual"]),
  created_at: z.string(),
});
export type Suppression = z.output<typeof suppressionSchema>;
export const contactOptionSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContactOption = z.output<typeof contactOptionSchema>;

async function must<T>(p: PromiseLike<{ data: unknown; error: unknown }>, schema: z.ZodType<T>): Promise<T> {
  const { data, error } = await p;
  if (error) throw error;
  return schema.parse(data);
}

const userId = async () => (await supabase.auth.getSession()).data.session?.user.id;

export async function listLists(): Promise<EmailList[]> {
  const rows = await must(
    supabase.from("email_lists").select("id, name, description, kind, filter, created_at").order("name"),
    z.array(listSchema),
  );
  return rows.map((r) => ({
    ...r,
    filter: segmentFilterSchema
      .catch({ stages: [], types: [], tags: [], sources: [], cities: [] })
      .parse(r.filter ?? {}),
  }));
}

export async function createList(input: {
  name: string;
  kind: "static" | "segment";
  filter: SegmentFilter;
  description?: string;
}): Promise<string> {
  const row = await must(
    supabase
      .from("email_lists")
      .insert({
        name: input.name,
        kind: input.kind,
        filter: input.filter,
        description: input.description || null,
        owner_id: await userId(),
      })
      .select("id")
      .single(),
    z.object({ id: z.string() }),
  );
  return row.id;
}

export async function audienceCounts(listId: string): Promise<{ reachable: number; suppressed: number }> {
  const rows = await must(
    supabase.rpc("email_list_audience_counts", { list: listId }),
    z.array(z.object({ reachable: z.number(), suppressed: z.number() })),
  );
  return rows[0] ?? { reachable: 0, suppressed: 0 };
}

/** Contacts the user can see who gave marketing consent (for static lists and the preview). */
export async function consentedContacts(term = ""): Promise<ContactOption[]> {
  let q = supabase
    .from("contacts")
    .select("id, first_name, last_name, city, email")
    .eq("marketing_consent", true)
    .eq("consent_status", "given")
    .not("email", "is", null)
    .order("first_name")
    .limit(20);
  if (term.trim()) q = q.ilike("search_text", `%${term.trim().toLowerCase().replace(/[%_]/g, " ")}%`);
  return must(q, z.array(contactOptionSchema));
}

export async function addListMember(listId: string, contactId: string): Promise<void> {
  const { error } = await supabase
    .from("email_list_members")
    .insert({ list_id: listId, contact_id: contactId, added_by: await userId() });
  if (error) throw error;
}

export async function listMembers(listId: string): Promise<ContactOption[]> {
  const rows = await must(
    supabase
      .from("email_list_members")
      .select("contacts (id, first_name, last_name, city, email)")
      .eq("list_id", listId),
    z.array(z.object({ contacts: contactOptionSchema.nullable() })),
  );
  return rows.flatMap((r) => (r.contacts ? [r.contacts] : []));
}

export const listTemplates = () =>
  must(
    supabase.from("email_templates").select("id, name, subject, body, updated_at").order("name"),
    z.array(templateSchema),
  );

export async function saveTemplate(input: {
  id?: string;
  name: string;
  subject: string;
  body: string;
}): Promise<void> {
  const { error } = input.id
    ? await supabase
        .from("email_templates")
        .update({ name: input.name, subject: input.subject, body: input.body })
        .eq("id", input.id)
        .select("id")
        .single()
    : await supabase
        .from("email_templates")
        .insert({ name: input.name, subject: input.subject, body: input.body, owner_id: await userId() });
  if (error) throw error;
}

const CAMPAIGN_COLUMNS = Object.keys(campaignSchema.shape).join(", ");

export const listCampaigns = () =>
  must(
    supabase.from("email_campaigns").select(CAMPAIGN_COLUMNS).order("created_at", { ascending: false }),
    z.array(campaignSchema),
  );

/** One campaign, or null when there is none the user may read. */
export const getCampaign = (id: string) =>
  must(
    supabase.from("email_campaigns").select(CAMPAIGN_COLUMNS).eq("id", id).maybeSingle(),
    campaignSchema.nullable(),
  );

export async function createCampaign(input: {
  name: string;
  list_id: string;
  template_id: string | null;
  subject: string;
  body: string;
}): Promise<void> {
  const { error } = await supabase.from("email_campaigns").insert({ ...input, owner_id: await userId() });
  if (error) throw error;
}

/**
 * Sends a draft to the list's consented, unsuppressed members: the database queues the first
 * chunk at once, the edge's job the rest (status "sending" until then); returns the audience count.
 * The kick starts both the queueing and the delivery now.
 */
export async function sendCampaign(campaignId: string): Promise<number> {
  const queued = await must(
    supabase.rpc("queue_campaign", { campaign: campaignId, site_origin: originOf("main", siteConfig.hosts) }),
    z.number(),
  );
  kickJobs();
  return queued;
}

/** "Send a test to me": one copy, subject prefixed [Test], to the signed-in user's own address; returns it. */
export async function sendCampaignTest(campaignId: string): Promise<string> {
  const address = await must(
    supabase.rpc("send_campaign_test", {
      campaign: campaignId,
      site_origin: originOf("main", siteConfig.hosts),
    }),
    z.string(),
  );
  kickJobs();
  return address;
}

/** Schedules a draft for an instant (the screen takes Accra's wall-clock time); the edge's job sends it then. */
export async function scheduleCampaign(campaignId: string, sendAt: string): Promise<string> {
  return must(
    supabase.rpc("schedule_campaign", {
      campaign: campaignId,
      send_at: sendAt,
      site_origin: originOf("main", siteConfig.hosts),
    }),
    z.string(),
  );
}

/** Back to draft, unless it has started sending. */
export async function cancelCampaignSchedule(campaignId: string): Promise<void> {
  const { error } = await supabase.rpc("cancel_campaign_schedule", { campaign: campaignId });
  if (error) throw error;
}

const figuresSchema = z.object({
  recipients: z.number(),
  sent: z.number(),
  pending: z.number(),
  failed: z.number(),
  unsubscribed: z.number(),
  clicked: z.number(),
  bounced: z.number(),
});
export type CampaignFigures = z.output<typeof figuresSchema>;

export async function campaignFigures(campaignId: string): Promise<CampaignFigures> {
  const rows = await must(
    supabase.rpc("email_campaign_figures", { campaign: campaignId }),
    z.array(figuresSchema),
  );
  return (
    rows[0] ?? { recipients: 0, sent: 0, pending: 0, failed: 0, unsubscribed: 0, clicked: 0, bounced: 0 }
  );
}

export const listSuppressions = () =>
  must(
    supabase
      .from("email_suppressions")
      .select("email, reason, created_at")
      .order("created_at", { ascending: false })
      .limit(500),
    z.array(suppressionSchema),
  );

export async function suppress(email: string): Promise<void> {
  const { error } = await supabase
    .from("email_suppressions")
    .insert({ email: email.trim().toLowerCase(), reason: "manual", added_by: await userId() });
  if (error) throw error;
}

export async function liftSuppression(email: string): Promise<void> {
  const { error } = await supabase
    .from("email_suppressions")
    .delete()
    .eq("email", email)
    .select("email")
    .single();
  if (error) throw error;
}
