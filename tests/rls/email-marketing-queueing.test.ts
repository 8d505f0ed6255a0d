/**
 * A campaign queued in chunks (migration 20261129300000_email_campaign_chunked_queueing.sql),
 * judged by what is stored afterwards (read with the secret key):
 *   - queue_campaign_batches (the send-scheduled-campaigns job, secret key only) queues the next
 *     max_rows recipients of a campaign being sent, in address order, resuming after the last one
 *     queued; the call that finds nobody left marks it sent with its recipient count; each address
 *     gets one recipient row and one mail, however the chunks fall;
 *   - a campaign being sent is frozen: no edits, no second Send now, no status by hand.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import { describe, expect, it } from "vitest";
import { SITE, sendingFixture } from "./email-marketing-sending-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, segment, campaign, campaignRow } = sendingFixture(
  "Email marketing queueing RLS",
);
const NAMES = ["Adjoa", "Kojo", "Esi", "Yaw", "Afua"];

/** Consenting contacts with this run's tag (addresses in NAMES order are not in address order). */
async function audience(t: string): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = NAMES.map((n) => ({
    first_name: n,
    last_name: "Mensah",
    email: `${n.toLowerCase()}.${tag}@example.com`,
    city: "Tema",
    tags: [t],
    owner_id: actors.staff.user!.id,
    marketing_consent: true,
    consent_status: "given",
    consent_at: now,
  }));
  await must(service.from("contacts").insert(rows).select("id"), "seed contacts");
  return rows.map((r) => r.email);
}

/** As Send now leaves a large campaign: 'sending', nobody queued yet by this test's choice of start. */
async function sendingCampaign(t: string, name: string): Promise<string> {
  return campaign(await segment(t), name, {
    status: "sending",
    send_origin: SITE,
    queued_at: "2000-01-01T00:00:00Z",
    recipients_count: NAMES.length,
  });
}

const queuedAddresses = async (id: string) =>
  (
    ((await service.from("email_campaign_recipients").select("email").eq("campaign_id", id).order("email"))
      .data ?? []) as { email: string }[]
  ).map((r) => r.email);

describe("queue_campaign_batches", () => {
  it("queues a campaign being sent chunk by chunk in address order, each address once, then marks it sent; only the secret key may", async () => {
    const t = `chunks-${tag}`;
    const emails = await audience(t);
    const c = await sendingCampaign(t, "Chunks");

    expect(
      await letters(
        "queue_campaign_batches · as the actor",
        async (a) => !(await a.client.rpc("queue_campaign_batches", { max_rows: 2 })).error,
      ),
    ).toBe("NNNNNNN");
    expect(await queuedAddresses(c)).toEqual([]);

    // Chunks of 2 (here: 2, 2, 1 — fewer than asked means done). Answers about other campaigns
    // being sent are not this test's; a running stack's job may also take a chunk of this one
    // meanwhile, so each answer is judged on its own and the end state on the whole.
    const answers: { queued: number; done: boolean }[] = [];
    for (let i = 0; i < 20 && (await campaignRow(c)).status === "sending"; i++) {
      const rows = (await must(service.rpc("queue_campaign_batches", { max_rows: 2 }), "chunk")) as {
        campaign_id: string;
        queued: number;
        done: boolean;
      }[];
      for (const r of rows) if (r.campaign_id === c) answers.push({ queued: r.queued, done: r.done });
      // Address order: what is queued is always the start of the sorted audience.
      const queued = await queuedAddresses(c);
      expect(queued).toEqual([...emails].sort().slice(0, queued.length));
    }
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a.done, JSON.stringify(answers)).toBe(a.queued < 2);
    expect(answers.reduce((n, a) => n + a.queued, 0)).toBeLessThanOrEqual(NAMES.length);
    expect(await campaignRow(c)).toMatchObject({ status: "sent", recipients_count: NAMES.length });
    expect(await queuedAddresses(c)).toEqual([...emails].sort());
    const mails = ((
      await service
        .from("outgoing_emails")
        .select("to_address, text_body, headers")
        .like("dedup_key", `campaign/${c}/%`)
    ).data ?? []) as { to_address: string; text_body: string; headers: Record<string, string> }[];
    expect(mails.map((m) => m.to_address).sort()).toEqual([...emails].sort());
    expect(
      mails.every(
        (m) =>
          m.headers["List-Unsubscribe-Post"] === "List-Unsubscribe=One-Click" &&
          m.text_body.includes(`${SITE}/api/email/click?l=`),
      ),
    ).toBe(true);

    // Sent: the job finds nothing more of it, and nobody gets a second mail.
    const again = (await must(service.rpc("queue_campaign_batches", { max_rows: 2 }), "again")) as {
      campaign_id: string;
    }[];
    expect(again.map((r) => r.campaign_id)).not.toContain(c);
    expect(
      ((await service.from("outgoing_emails").select("id").like("dedup_key", `campaign/${c}/%`)).data ?? [])
        .length,
    ).toBe(NAMES.length);
  });

  it("a campaign being sent is frozen: no edits, no second send, no status by hand", async () => {
    const t = `frozen-${tag}`;
    await audience(t);
    const c = await sendingCampaign(t, "Frozen");
    const edit = await actors.staff.client
      .from("email_campaigns")
      .update({ subject: "Changed" })
      .eq("id", c)
      .select("id");
    expect(edit.error?.message).toBe("This campaign was sent: it can no longer change");
    // (A running stack's job may finish queueing it meanwhile: then it is "already sent".)
    expect(
      (await actors.staff.client.rpc("queue_campaign", { campaign: c, site_origin: SITE })).error?.message,
    ).toMatch(/^This campaign (is being sent|was already sent)$/);
    expect((await actors.staff.client.rpc("cancel_campaign_schedule", { campaign: c })).error?.message).toBe(
      "This campaign has already started sending",
    );
    expect(
      await letters("email_campaigns · update status sending → draft", async (a) => {
        await a.client.from("email_campaigns").update({ status: "draft" }).eq("id", c);
        return (await campaignRow(c)).status === "draft";
      }),
    ).toBe("NNNNNNN");
    expect(["sending", "sent"]).toContain((await campaignRow(c)).status);
  });
});
