/**
 * WhatsApp in the back-office: the approved message templates (whatsapp_templates), a contact's
 * WhatsApp messages out and in (whatsapp_messages, RLS: whoever may read the contact), and
 * queueing a template message to a contact — the database checks the template's parameters, the
 * E.164 number and the contact's opt-in, and the edge's deliver-whatsapp job sends it (woken now).
 * Shared by the action-plans editor and the contact page.
 */
import { z } from "zod";
import {
  WHATSAPP_TEMPLATE_COLUMNS,
  whatsappTemplateSchema,
  type WhatsAppTemplate,
} from "#core/whatsapp/whatsapp.ts";
import { kickJobs } from "./kick-jobs-api.ts";
import { supabase } from "./supabase.ts";

export async function listTemplates(): Promise<WhatsAppTemplate[]> {
  const { data, error } = await supabase
    .from("whatsapp_templates")
    .select(WHATSAPP_TEMPLATE_COLUMNS)
    .order("category")
    .order("name");
  if (error) throw error;
  return z.array(whatsappTemplateSchema).parse(data);
}

export const whatsappMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(["outbound", "inbound"]),
  status: z.enum(["queued", "sending", "sent", "delivered", "read", "failed", "received"]),
  template: z.string().nullable(),
  body: z.string(),
  phone: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type WhatsAppMessage = z.output<typeof whatsappMessageSchema>;

export async function listMessages(contactId: string): Promise<WhatsAppMessage[]> {
  const { data, error } = await supabase
    .from("whatsapp_messages")
    .select(Object.keys(whatsappMessageSchema.shape).join(", "))
    .eq("contact_id", contactId)
    .order("created_at", { ascending: false })
    .limit(50);
  if (error) throw error;
  return z.array(whatsappMessageSchema).parse(data);
}

export async function sendTemplate(input: {
  contactId: string;
  userId: string;
  template: WhatsAppTemplate;
  params: string[];
}): Promise<void> {
  const { error } = await supabase.from("whatsapp_messages").insert({
    contact_id: input.contactId,
    direction: "outbound",
    template: input.template.name,
    language: input.template.language,
    parameters: input.params,
    // Both set by the database: the template's text with its parameters, the contact's own number.
    body: input.template.body,
    phone: "",
    purpose: input.template.category === "marketing" ? "marketing" : "transactional",
    created_by: input.userId,
  });
  if (error) throw error;
  kickJobs();
}

/**
 * The contact (one the user may read) whose phone or second phone is `e164`, with its WhatsApp
 * opt-in; null when there is none.
 */
export async function contactByPhone(
  e164: string,
): Promise<{ id: string; display_name: string; whatsapp_opt_in: boolean } | null> {
  const { data, error } = await supabase
    .from("contacts")
    .select("id, display_name, whatsapp_opt_in")
    .or(`phone.eq.${e164},alt_phone.eq.${e164}`)
    .is("anonymised_at", null)
    .order("created_at")
    .limit(1);
  if (error) throw error;
  return (
    z
      .array(z.object({ id: z.string(), display_name: z.string(), whatsapp_opt_in: z.boolean() }))
      .parse(data)[0] ?? null
  );
}
