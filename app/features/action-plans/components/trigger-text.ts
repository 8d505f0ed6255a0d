/** A plan's trigger in a few words, for the list and the plan's page. */
import { TRIGGER_INBOX_LABELS, TRIGGER_LABELS, type PlanRow } from "#core/action-plans/plan-schema.ts";
import { CONTACT_STAGE_LABELS } from "#core/business-contacts/contact-schema.ts";

export function triggerText(p: PlanRow): string {
  switch (p.trigger_kind) {
    case "inbox_item":
      return p.trigger_inbox ? `New: ${TRIGGER_INBOX_LABELS[p.trigger_inbox]}` : TRIGGER_LABELS.inbox_item;
    case "contact_stage":
      return p.trigger_stage
        ? `Contact becomes ${CONTACT_STAGE_LABELS[p.trigger_stage]}`
        : TRIGGER_LABELS.contact_stage;
    case "contact_tag":
      return `Contact tagged “${p.trigger_tag ?? ""}”`;
    case "lease_ending":
      return `Lease ends in ${p.trigger_days} days`;
    case "invoice_overdue":
      return `Invoice ${p.trigger_days} days overdue`;
    default:
      return TRIGGER_LABELS[p.trigger_kind];
  }
}
