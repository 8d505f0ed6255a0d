/**
 * E-mail campaigns' chunked sending on the running stack (real supabase-js, the edge's JobRunner, the
 * emulator's Postgres): "Send now" of a campaign to 5,000 consenting recipients queues only the
 * first chunk in the request (the campaign 'sending' with its whole audience as the progress
 * target — not the whole audience in the request, which overran the request's 8 s statement
 * timeout at 20,000), and the edge's `send-scheduled-campaigns` job then queues the rest in
 * several chunks until the campaign is 'sent': 5,000 recipients, 5,000 mails, each address once.
 * How long that takes at 20,000 (Send now ≤ 5 s) is a property of the machine, measured by the
 * bench (npx tsx scripts/bench-email-campaign.ts), not asserted here. The queued mails are
 * removed at the end so the rest of the suite does not wait behind them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestUser,
  deleteTestUser,
  must,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { kickJobs, SITE_ORIGIN } from "./support.ts";

/** More than the first chunk (1,000) and the job's chunks (2,000) together: several job runs. */
const N = 5_000;
/** Contacts, mails and cleanup go in this many slices (1,000 rows each: well inside a statement's time). */
const SLICES = 5;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const emailOf = (n: number) => `s${n % SLICES}-${n}.${tag}@example.com`;
let staff: TestUser;
let campaignId = "";

const exactCount = async (table: string, column: string, pattern: string) => {
  const { count, error } = await service
    .from(table)
    .select("id", { count: "exact", head: true })
    .like(column, pattern);
  if (error) throw new Error(`count ${table}: ${error.message}`);
  return count ?? 0;
};

beforeAll(async () => {
  staff = await createTestUser({ role: "staff" });
  const CITIES = ["Accra", "Tema", "Kumasi", "Takoradi", "Cape Coast"];
  const FIRST = ["Ama", "Kofi", "Akosua", "Kwame", "Efua", "Yaw", "Abena", "Kwesi", "Adjoa", "Kojo"];
  const now = new Date().toISOString();
  for (let i = 0; i < N; i += 1000) {
    const rows = Array.from({ length: 1000 }, (_, j) => ({
      first_name: FIRST[(i + j) % FIRST.length],
      last_name: `Scale ${i + j}`,
      email: emailOf(i + j),
      city: CITIES[(i + j) % CITIES.length],
      tags: [`scale-${tag}`],
      owner_id: staff.id,
      marketing_consent: true,
      consent_status: "given",
      consent_at: now,
    }));
    await must(service.from("contacts").insert(rows), `seed contacts ${i}`);
  }
}, 180_000);

afterAll(async () => {
  // The campaign first (its recipients go with it), then its mails and the contacts, a slice at a time.
  if (campaignId) await service.from("email_campaigns").delete().eq("id", campaignId);
  for (let k = 0; k < SLICES; k++) {
    if (campaignId)
      await service.from("outgoing_emails").delete().like("dedup_key", `campaign/${campaignId}/s${k}-%`);
    await service.from("contacts").delete().like("email", `s${k}-%.${tag}@example.com`);
  }
  await service.from("email_lists").delete().like("name", `%${tag}%`);
  if (staff) await deleteTestUser(staff.id);
}, 240_000);

describe("a campaign to 5,000 recipients", () => {
  it("Send now queues the first chunk and the job queues every address once, in chunks", async () => {
    const client = await signedInClient(staff.email, staff.password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const list = (await must(
      client
        .from("email_lists")
        .insert({
          name: `Scale ${tag}`,
          kind: "segment",
          filter: { tags: [`scale-${tag}`] },
          owner_id: staff.id,
        })
        .select("id")
        .single(),
      "list",
    )) as { id: string };
    const campaign = (await must(
      client
        .from("email_campaigns")
        .insert({
          name: `Scale ${tag}`,
          list_id: list.id,
          subject: "{{first_name}}, new homes in {{city}}",
          body: "Dear {{full_name}},\nThis week: https://ghanarealty.example/properties?sort=newest",
          owner_id: staff.id,
        })
        .select("id")
        .single(),
      "campaign",
    )) as { id: string };
    campaignId = campaign.id;

    const audience = await must(
      client.rpc("queue_campaign", { campaign: campaign.id, site_origin: SITE_ORIGIN }),
      "Send now",
    );
    expect(audience).toBe(N);
    const row = (await must(
      client.from("email_campaigns").select("status, recipients_count").eq("id", campaign.id).single(),
      "campaign row",
    )) as { status: string; recipients_count: number };
    expect(row).toEqual({ status: "sending", recipients_count: N });
    const early = (await must(
      client.rpc("email_campaign_figures", { campaign: campaign.id }),
      "figures",
    )) as { recipients: number }[];
    expect(early[0]!.recipients).toBeGreaterThan(0);
    expect(early[0]!.recipients).toBeLessThan(N);

    // The job queues the rest (a kick starts it now; a kick while it runs makes it run again after).
    expect((await kickJobs(token)).status).toBe(202);
    const deadline = Date.now() + 150_000;
    let status = "sending";
    while (status === "sending" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      status = (
        (await must(
          service.from("email_campaigns").select("status").eq("id", campaign.id).single(),
          "status",
        )) as { status: string }
      ).status;
    }
    expect(status).toBe("sent");
    expect(
      (
        (await must(
          service.from("email_campaigns").select("recipients_count").eq("id", campaign.id).single(),
          "count",
        )) as { recipients_count: number }
      ).recipients_count,
    ).toBe(N);
    // Each address once: recipients are unique per campaign and address, mails per dedup key; both counts equal the audience.
    expect(await exactCount("email_campaign_recipients", "email", `%.${tag}@example.com`)).toBe(N);
    expect(await exactCount("outgoing_emails", "dedup_key", `campaign/${campaign.id}/%`)).toBe(N);
  }, 240_000);
});
