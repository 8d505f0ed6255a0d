/**
 * The common setup of the e-mail marketing RLS files: contacts with consent, segments and draft
 * campaigns owned by the staff actor and named with the file's tag, removed afterwards with their
 * templates, queued mails and suppressions.
 */
import { rlsFile } from "./file-fixture.ts";
import { must } from "./support.ts";

export const SITE = "http://localhost:8799";

export interface Mail {
  to_address: string;
  subject: string;
  html: string;
  kind: string;
  dedup_key: string;
}

export function sendingFixture(title: string) {
  const fx = rlsFile(title);
  const { service, tag, actors } = fx;

  async function contact(first: string, t: string): Promise<{ id: string; email: string }> {
    const email = `${first.toLowerCase()}.${tag}@example.com`;
    const now = new Date().toISOString();
    const row = (await must(
      service
        .from("contacts")
        .insert({
          first_name: first,
          last_name: "Boateng",
          email,
          city: "Kumasi",
          tags: [t],
          owner_id: actors.staff.user!.id,
          marketing_consent: true,
          consent_status: "given",
          consent_at: now,
        })
        .select("id")
        .single(),
      `seed ${first}`,
    )) as { id: string };
    return { id: row.id, email };
  }

  async function segment(t: string): Promise<string> {
    return (
      (await must(
        service
          .from("email_lists")
          .insert({
            name: `Segment ${t}`,
            kind: "segment",
            filter: { tags: [t] },
            owner_id: actors.staff.user!.id,
          })
          .select("id")
          .single(),
        "seed list",
      )) as { id: string }
    ).id;
  }

  async function campaign(
    listId: string,
    name: string,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    return (
      (await must(
        service
          .from("email_campaigns")
          .insert({
            name: `${name} ${tag}`,
            list_id: listId,
            subject: "Hello {{first_name}}",
            body: "Viewings in {{city}}: https://ghanarealty.example/listings/east-legon?beds=4&view=map. See you!",
            owner_id: actors.staff.user!.id,
            ...extra,
          })
          .select("id")
          .single(),
        "seed campaign",
      )) as { id: string }
    ).id;
  }

  const campaignRow = async (id: string) =>
    (
      await service
        .from("email_campaigns")
        .select("status, scheduled_at, schedule_error, recipients_count")
        .eq("id", id)
        .single()
    ).data as {
      status: string;
      scheduled_at: string | null;
      schedule_error: string | null;
      recipients_count: number;
    };
  const mailsOf = async (id: string) =>
    ((
      await service
        .from("outgoing_emails")
        .select("to_address, subject, html, kind, dedup_key")
        .like("dedup_key", `campaign%/${id}/%`)
    ).data ?? []) as Mail[];
  const inAMinute = (m = 5) => new Date(Date.now() + m * 60_000).toISOString();

  fx.cleanup.push(async () => {
    const campaigns = ((await service.from("email_campaigns").select("id").like("name", `%${tag}%`)).data ??
      []) as { id: string }[];
    for (const c of campaigns)
      await service.from("outgoing_emails").delete().like("dedup_key", `campaign%/${c.id}/%`);
    await service.from("email_campaigns").delete().like("name", `%${tag}%`);
    await service.from("email_templates").delete().like("name", `%${tag}%`);
    await service.from("email_lists").delete().like("name", `%${tag}%`);
    await service.from("email_suppressions").delete().like("email", `%.${tag}@example.com`);
    await service.from("contacts").delete().like("email", `%.${tag}@example.com`);
  });

  return { ...fx, contact, segment, campaign, campaignRow, mailsOf, inAMinute };
}
