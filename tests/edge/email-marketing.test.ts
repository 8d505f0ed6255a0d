/**
 * Content and marketing's background work on the running stack (the edge worker's JobRunner, the
 * emulator's Postgres, Storage and outbox):
 *  - a campaign scheduled for a time that has come is queued by `send-scheduled-campaigns` and
 *    reaches the outbox after a kick, once; its link (HTML and plain text) goes through GET /api/email/click, which
 *    records the click and redirects to the campaign's own URL — a tampered token or a link of
 *    another campaign gets the 404 page, never a redirect;
 *  - the provider webhook (POST /api/email/events, Svix-signed with the local secret) suppresses a
 *    bounced address and marks its recipient; a bad signature changes nothing;
 *  - `purge-trashed-files` removes the objects and rows of files trashed over 30 days ago and
 *    leaves a file trashed 29 days ago.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_EVENTS_PATH, LOCAL_EMAIL_WEBHOOK_SECRET, signWebhook } from "#core/email-marketing/sending.ts";
import { FILES_BUCKET } from "#core/files/files.ts";
import { OUTBOX_MESSAGES_PATH } from "#core/schemas/email.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  must,
  serviceClient,
  signedInClient,
  type TestUser,
  processAdmin,
} from "../support/supabase.ts";
import { waitUntil } from "../support/wait.ts";
import { edge, kickAndAwaitRun, kickJobs, SITE_ORIGIN } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const address = (name: string) => `${name}.${tag}@example.com`;
let staff: TestUser;
let token = "";
/** An admin's token: reading /api/jobs/status to know a kicked run has happened. */
let adminToken = "";

const kick = () => kickJobs(token);

async function mailsTo(to: string): Promise<{ subject: string; html: string; text: string | null }[]> {
  const res = await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { subject: string; html: string; text: string | null }[] })
    .messages;
}

beforeAll(async () => {
  staff = await createTestUser({ role: "staff" });
  token = (await (await signedInClient(staff.email, staff.password)).auth.getSession()).data.session!
    .access_token;
  adminToken = (await (await processAdmin()).auth.getSession()).data.session!.access_token;
});

afterAll(async () => {
  const campaigns = ((await service.from("email_campaigns").select("id").like("name", `%${tag}%`)).data ??
    []) as { id: string }[];
  for (const c of campaigns)
    await service.from("outgoing_emails").delete().like("dedup_key", `campaign/${c.id}/%`);
  await service.from("email_campaigns").delete().like("name", `%${tag}%`);
  await service.from("email_lists").delete().like("name", `%${tag}%`);
  await service.from("email_suppressions").delete().like("email", `%.${tag}@example.com`);
  await service.from("contacts").delete().like("email", `%.${tag}@example.com`);
  await service.from("files").delete().like("name", `%${tag}%`);
  if (staff) {
    const listed = await service.storage.from(FILES_BUCKET).list(staff.id);
    if (listed.data?.length)
      await service.storage.from(FILES_BUCKET).remove(listed.data.map((f) => `${staff.id}/${f.name}`));
    await deleteTestUser(staff.id);
  }
});

describe("scheduled campaigns, clicks and bounces", () => {
  it("a due campaign goes out once after a kick; its link redirects only to its own URL; a signed bounce suppresses", async () => {
    const now = new Date().toISOString();
    const people = ["abena", "kofi"].map((n) => ({
      first_name: n[0]!.toUpperCase() + n.slice(1),
      last_name: "Asante",
      email: address(n),
      city: "Accra",
      tags: [`sched-${tag}`],
      owner_id: staff.id,
      marketing_consent: true,
      consent_status: "given",
      consent_at: now,
    }));
    await must(service.from("contacts").insert(people).select("id"), "contacts");
    const list = (await must(
      service
        .from("email_lists")
        .insert({
          name: `Scheduled ${tag}`,
          kind: "segment",
          filter: { tags: [`sched-${tag}`] },
          owner_id: staff.id,
        })
        .select("id")
        .single(),
      "list",
    )) as { id: string };
    const target = "https://ghanarealty.example/listings/airport-residential";
    const campaign = (await must(
      service
        .from("email_campaigns")
        .insert({
          name: `Due ${tag}`,
          list_id: list.id,
          subject: `Open house ${tag}`,
          body: `Hello {{first_name}}, see ${target} this Saturday.`,
          owner_id: staff.id,
          status: "scheduled",
          scheduled_at: new Date(Date.now() - 1000).toISOString(),
          send_origin: SITE_ORIGIN,
        })
        .select("id")
        .single(),
      "campaign",
    )) as { id: string };

    expect((await kick()).status).toBe(202);
    const [mail] = await waitUntil("the scheduled mail", async () => {
      const got = (await mailsTo(address("abena"))).filter((m) => m.subject === `Open house ${tag}`);
      return got.length ? got : null;
    });
    await waitUntil("the second recipient's mail", async () => (await mailsTo(address("kofi"))).length === 1);
    const status = (await service.from("email_campaigns").select("status").eq("id", campaign.id).single())
      .data as { status: string };
    expect(status.status).toBe("sent");
    // Another run sends nothing more.
    await kickAndAwaitRun(token, adminToken);
    expect((await mailsTo(address("abena"))).length).toBe(1);

    // The click endpoint: the campaign's own URL, recorded; nothing for a tampered token.
    const href = /<a href="([^"]+\/api\/email\/click[^"]+)"/.exec(mail!.html)![1]!.replaceAll("&amp;", "&");
    const clickUrl = new URL(href);
    expect(clickUrl.origin).toBe(SITE_ORIGIN);
    const click = await edge(`${clickUrl.pathname}${clickUrl.search}`);
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe(target);
    const clicks = await must(
      service
        .from("email_campaign_clicks")
        .select("clicks, email_campaign_recipients!inner(email)")
        .eq("email_campaign_recipients.email", address("abena")),
      "clicks",
    );
    expect(clicks).toHaveLength(1);
    // The plain-text part's link: the same redirect and token as the HTML's, counted the same way.
    expect(mail!.text).toContain(`Hello Abena, see ${clickUrl.href} this Saturday.`);
    expect(mail!.text).not.toContain(target);
    const textClick = await edge(`${clickUrl.pathname}${clickUrl.search}`);
    expect(textClick.headers.location).toBe(target);
    expect(
      await must(
        service
          .from("email_campaign_clicks")
          .select("clicks, email_campaign_recipients!inner(email)")
          .eq("email_campaign_recipients.email", address("abena")),
        "clicks",
      ),
    ).toMatchObject([{ clicks: 2 }]);
    const t = clickUrl.searchParams.get("t")!;
    clickUrl.searchParams.set("t", `${t.slice(0, -2)}${t.endsWith("xx") ? "yy" : "xx"}`);
    const tampered = await edge(`${clickUrl.pathname}${clickUrl.search}`);
    expect(tampered.status).toBe(404);
    expect(tampered.headers.location).toBeUndefined();

    // The provider's webhook: a bad signature changes nothing; a signed bounce suppresses.
    const body = JSON.stringify({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: { email_id: "re_123", to: [address("kofi")] },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const forged = await edge(EMAIL_EVENTS_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "svix-id": "msg_1",
        "svix-timestamp": ts,
        "svix-signature": await signWebhook("whsec_Zm9yZ2Vk", "msg_1", ts, body),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect(
      (await service.from("email_suppressions").select("email").eq("email", address("kofi"))).data,
    ).toEqual([]);
    const res = await edge(EMAIL_EVENTS_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "svix-id": "msg_1",
        "svix-timestamp": ts,
        "svix-signature": await signWebhook(LOCAL_EMAIL_WEBHOOK_SECRET, "msg_1", ts, body),
      },
      body,
    });
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ recorded: 1, event: "bounced" });
    expect(
      (await service.from("email_suppressions").select("reason, campaign_id").eq("email", address("kofi")))
        .data,
    ).toEqual([{ reason: "bounced", campaign_id: campaign.id }]);
    const recipient = (
      await service
        .from("email_campaign_recipients")
        .select("bounced_at")
        .eq("email", address("kofi"))
        .single()
    ).data as { bounced_at: string | null };
    expect(recipient.bounced_at).not.toBeNull();
  });
});

describe("the trash purge", () => {
  it("removes objects and rows of files trashed over 30 days ago and keeps younger ones", async () => {
    const day = 86_400_000;
    const files = [
      { name: `old ${tag}.pdf`, age: 31 },
      { name: `young ${tag}.pdf`, age: 29 },
    ].map((f) => ({ ...f, path: `${staff.id}/${crypto.randomUUID()}.pdf` }));
    for (const f of files) {
      await must(
        service.storage
          .from(FILES_BUCKET)
          .upload(f.path, new Blob([`%PDF-1.4\n% ${f.name}\n`], { type: "application/pdf" }), {
            contentType: "application/pdf",
          }),
        `upload ${f.name}`,
      );
      await must(
        service
          .from("files")
          .insert({
            name: f.name,
            storage_path: f.path,
            mime_type: "application/pdf",
            size_bytes: 32,
            owner_id: staff.id,
            deleted_at: new Date(Date.now() - f.age * day).toISOString(),
          })
          .select("id"),
        `row ${f.name}`,
      );
    }
    expect((await kick()).status).toBe(202);
    await waitUntil(
      "the old file's row to go",
      async () =>
        ((await service.from("files").select("id").eq("storage_path", files[0]!.path)).data ?? []).length ===
        0,
    );
    expect((await service.storage.from(FILES_BUCKET).download(files[0]!.path)).error).not.toBeNull();
    expect(
      ((await service.from("files").select("id").eq("storage_path", files[1]!.path)).data ?? []).length,
    ).toBe(1);
    expect((await service.storage.from(FILES_BUCKET).download(files[1]!.path)).error).toBeNull();
  });
});
