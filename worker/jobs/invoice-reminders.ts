/**
 * Job `invoice-reminders`: reminds clients of open invoices at the offsets from the due
 * date that admins set (money_settings.reminder_offsets, e.g. −3, +1, +7 days). The database
 * decides which invoice is due for which reminder and queues each one once, PDF attached, recording
 * it on the invoice (public.queue_invoice_reminders); deliver-emails sends them.
 */
import { todayInAccra } from "#core/form-fields.ts";
import { deliverEmails } from "./deliver-emails.ts";
import { defineJob } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";

export const REMINDERS_PER_RUN = 200;

export const invoiceReminders = defineJob({
  name: "invoice-reminders",
  everyMs: 15 * 60_000,
  async run(env, now) {
    const { data, error } = await serviceDb(env).rpc("queue_invoice_reminders", {
      on_date: todayInAccra(now),
      max_rows: REMINDERS_PER_RUN,
    });
    if (error) throw new Error(`queueing invoice reminders failed: ${error.message}`);
    const queued = Number(data);
    return {
      more: queued === REMINDERS_PER_RUN,
      figures: { queued },
      wake: queued ? [deliverEmails.name] : [],
    };
  },
});
