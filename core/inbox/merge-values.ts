/**
 * The merge values of an inbox record: what `{{first_name}}`, `{{date}}`,
 * `{{property}}`… mean for a consultation, a viewing, a message or a property request, with the
 * staff member replying. Pure, so the reply dialog's preview and the tests agree.
 */
import { accraDateTimeText } from "./appointment-mail.ts";
import { firstName, type InboxId } from "./inbox-model.ts";
import type { InboxRow } from "./inbox-schema.ts";
import { companyValues, type MergeValues } from "./reply-template.ts";

const humanize = (slug: string) => slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

export function inboxMergeValues(inbox: InboxId, row: InboxRow, agent: { name: string } | null): MergeValues {
  const when = row.starts_at ? accraDateTimeText(row.starts_at) : null;
  return {
    ...companyValues(),
    first_name: firstName(row.full_name),
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    agent_name: agent?.name,
    agent_first_name: agent ? firstName(agent.name) : undefined,
    service: inbox === "consultations" && row.service ? humanize(row.service) : undefined,
    date: when ? when.split(" at ")[0] : undefined,
    time: when ? when.split(" at ")[1] : undefined,
    property: row.property_slug ? humanize(row.property_slug) : undefined,
    subject: row.subject ?? undefined,
    locations: row.locations?.join(", "),
  };
}
