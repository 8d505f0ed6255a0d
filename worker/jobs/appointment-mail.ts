/**
 * Job `appointment-mail`: the visitor's e-mails about their consultation or
 * viewing. Per run: queue the 24-hour reminders that are due (queue_appointment_reminders, once
 * per appointment and time), then render the waiting notices (received, confirmed, rescheduled,
 * declined, cancelled, reminder — core/inbox/appointment-mail.ts) with the .ics attached and a
 * freshly signed manage link (core/inbox/appointment-link.ts: the appointment's current nonce,
 * expiring when it starts), and queue each mail once (dedup key per notice). deliver-emails sends.
 * A visitor who asked for WhatsApp updates gets the reminder and a new time there too
 * (core/whatsapp/appointment-messages.ts), queued once per notice; deliver-whatsapp sends.
 */
import { z } from "zod";
import { appointmentLink, signAppointmentToken } from "#core/inbox/appointment-link.ts";
import { NOTICE_KINDS, renderAppointmentMail, type NoticeAppointment } from "#core/inbox/appointment-mail.ts";
import { hostConfigFromVars, originOf } from "#core/hosts.ts";
import { appointmentWhatsApp, type AppointmentWhatsApp } from "#core/whatsapp/appointment-messages.ts";
import { deliverEmails } from "./deliver-emails.ts";
import { deliverWhatsApp } from "./deliver-whatsapp.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb, type ServiceDb } from "../lib/service-db.ts";

export const NOTICE_BATCH = 50;
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

const claimedSchema = z.array(
  z.object({
    notice_id: z.string(),
    kind: z.enum(NOTICE_KINDS),
    record_table: z.enum(["consultations", "bookings"]),
    attempts: z.number(),
    appointment: z
      .looseObject({
        id: z.string(),
        status: z.string(),
        starts_at: z.string(),
        ends_at: z.string(),
        full_name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        ics_sequence: z.number(),
        nonce: z.string().nullable(),
        whatsapp_opt_in: z.boolean().optional(),
        contact_id: z.string().nullable().optional(),
      })
      .nullable(),
  }),
);

/**
 * The notice on WhatsApp too, once (its own de-duplication key), for a visitor who asked for it at
 * booking: the database checks the contact's opt-in and number and may refuse — the e-mail goes
 * anyway. Returns 1 when a message was queued.
 */
async function queueWhatsApp(
  db: ServiceDb,
  noticeId: string,
  contactId: string,
  wa: AppointmentWhatsApp,
): Promise<number> {
  const { data, error } = await db
    .from("whatsapp_messages")
    .upsert(
      {
        contact_id: contactId,
        direction: "outbound",
        template: wa.template,
        language: "en",
        parameters: wa.params,
        body: wa.template,
        phone: "",
        purpose: "transactional",
        dedup_key: `appointment-notice/${noticeId}/whatsapp`,
        created_by: null,
      },
      { onConflict: "dedup_key", ignoreDuplicates: true },
    )
    .select("id");
  if (error) {
    console.warn(`[appointment-mail] WhatsApp for notice ${noticeId} not queued: ${error.message}`);
    return 0;
  }
  return data?.length ? 1 : 0;
}

export async function appointmentMailRun(env: JobEnv, now: Date): Promise<JobResult> {
  const secret = env.SUPABASE_SECRET_KEY;
  const db = serviceDb(env);
  const reminders = await db.rpc("queue_appointment_reminders", {
    due_before: new Date(now.getTime() + REMINDER_LEAD_MS).toISOString(),
    max_rows: 200,
  });
  if (reminders.error) throw new Error(`queueing reminders failed: ${reminders.error.message}`);

  const { data, error } = await db.rpc("claim_appointment_notices", {
    batch_size: NOTICE_BATCH,
    lease_seconds: 120,
  });
  if (error) throw new Error(`claiming appointment notices failed: ${error.message}`);
  const notices = claimedSchema.parse(data);
  const hosts = hostConfigFromVars({ ...env, SITE_PORT: env.SITE_PORT ?? "" });
  let queued = 0;
  let skipped = 0;
  let failed = 0;
  let whatsapp = 0;
  for (const n of notices) {
    let mail: unknown = null;
    let problem: string | null = null;
    try {
      if (!n.appointment) problem = "skip: the appointment no longer exists";
      else {
        const a = n.appointment as unknown as NoticeAppointment & { nonce: string | null };
        const origin = originOf(n.record_table === "consultations" ? "consult" : "bookings", hosts);
        const token =
          a.nonce && secret
            ? await signAppointmentToken(
                {
                  inbox: n.record_table,
                  id: a.id,
                  nonce: a.nonce,
                  exp: Math.floor(Date.parse(a.starts_at) / 1000),
                },
                secret,
              )
            : null;
        const manageLink = token ? appointmentLink(origin, token) : null;
        const rendered = renderAppointmentMail({
          kind: n.kind,
          inbox: n.record_table,
          appointment: a,
          manageLink,
          bookAgainUrl: `${origin}/`,
          now,
        });
        if (rendered) mail = rendered;
        else problem = "skip: no address";
        const wa = appointmentWhatsApp(n.kind, n.record_table, a, manageLink);
        if (wa && n.appointment?.whatsapp_opt_in && n.appointment.contact_id)
          whatsapp += await queueWhatsApp(db, n.notice_id, n.appointment.contact_id, wa);
      }
    } catch (err) {
      problem = `rendering failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    const done = await db.rpc("complete_appointment_notice", {
      notice_id: n.notice_id,
      ...(mail ? { mail: mail as never } : { error: problem ?? "unknown" }),
    });
    if (done.error) throw new Error(`recording notice ${n.notice_id} failed: ${done.error.message}`);
    if (mail) queued++;
    else if (problem?.startsWith("skip:")) skipped++;
    else failed++;
  }
  return {
    more: notices.length === NOTICE_BATCH,
    figures: { reminders: Number(reminders.data ?? 0), queued, skipped, failed, whatsapp },
    wake: [...(queued ? [deliverEmails.name] : []), ...(whatsapp ? [deliverWhatsApp.name] : [])],
  };
}

export const appointmentMail = defineJob({
  name: "appointment-mail",
  everyMs: 60_000,
  run: (env, now) => appointmentMailRun(env, now),
});
