/**
 * Issue 22, item 7: e-mail campaigns ignored record-level access — a member of staff's tag
 * segment counted and queued other agents' and admins' contacts, and the recipients list showed
 * their addresses. Decision: a campaign reaches only the contacts its owner may see (an admin's:
 * all of them), so only its owner or an admin sends or schedules it; the recipients list shows
 * only recipients whose contact the reader may see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_ORIGIN } from "./support.ts";
import { contactOf, member, must, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
const segmentTag = `seg-${tag}`;
let agent: Member;
let other: Member;
let admin: Member;
const address = (who: string) => `${who}.${tag}@example.com`;

async function campaignOf(m: Member, listId: string, name: string): Promise<string> {
  const row = await must(
    m.client
      .from("email_campaigns")
      .insert({
        name: `${name} ${tag}`,
        list_id: listId,
        subject: "New listings",
        body: "Hello {{first_name}}",
        owner_id: m.id,
      })
      .select("id")
      .single(),
    "campaign",
  );
  return (row as { id: string }).id;
}
const recipientsSeenBy = async (m: Member, campaign: string) =>
  (
    (await must(
      m.client.from("email_campaign_recipients").select("email").eq("campaign_id", campaign),
      "recipients",
    )) as {
      email: string;
    }[]
  )
    .map((r) => r.email)
    .sort();

let listId = "";
beforeAll(async () => {
  [agent, other, admin] = await Promise.all([member("staff"), member("staff"), member("admin")]);
  const consented = {
    marketing_consent: true,
    consent_status: "given",
    consent_at: new Date().toISOString(),
    tags: [segmentTag],
  };
  for (const [who, owner] of [
    ["agent", agent],
    ["other", other],
    ["admin", admin],
  ] as const)
    await contactOf(owner.id, {
      first_name: who,
      last_name: `Reach-${tag}`,
      email: address(who),
      ...consented,
    });
  const list = await must(
    agent.client
      .from("email_lists")
      .insert({ name: `Segment ${tag}`, kind: "segment", filter: { tags: [segmentTag] }, owner_id: agent.id })
      .select("id")
      .single(),
    "list",
  );
  listId = (list as { id: string }).id;
}, 60_000);
afterAll(async () => {
  const campaigns = ((await service.from("email_campaigns").select("id").like("name", `% ${tag}`)).data ??
    []) as {
    id: string;
  }[];
  for (const c of campaigns)
    await service.from("outgoing_emails").delete().like("dedup_key", `campaign/${c.id}/%`);
  await service.from("email_campaigns").delete().like("name", `% ${tag}`);
  await service.from("email_lists").delete().eq("id", listId);
  await service.from("contacts").delete().like("last_name", `Reach-${tag}`);
  await removeMembers(agent, other, admin);
});

describe("item 7: a campaign reaches only the contacts its owner may see", () => {
  it("a staff member's segment counts and queues only their own contacts", async () => {
    const counts = (await must(
      agent.client.rpc("email_list_audience_counts", { list: listId }),
      "counts",
    )) as {
      reachable: number;
    }[];
    expect(counts[0]!.reachable).toBe(1);
    const campaign = await campaignOf(agent, listId, "Agent's campaign");
    expect(
      await must(agent.client.rpc("queue_campaign", { campaign, site_origin: SITE_ORIGIN }), "send"),
    ).toBe(1);
    expect(await recipientsSeenBy(agent, campaign)).toEqual([address("agent")]);
    const queued = ((
      await service.from("outgoing_emails").select("to_address").like("dedup_key", `campaign/${campaign}/%`)
    ).data ?? []) as { to_address: string }[];
    expect(queued.map((m) => m.to_address)).toEqual([address("agent")]);
  });

  it("an admin's campaign on the same list reaches everyone; staff see only recipients they may see", async () => {
    const campaign = await campaignOf(admin, listId, "Admin's campaign");
    expect(
      await must(admin.client.rpc("queue_campaign", { campaign, site_origin: SITE_ORIGIN }), "send"),
    ).toBe(3);
    expect(await recipientsSeenBy(admin, campaign)).toEqual([
      address("admin"),
      address("agent"),
      address("other"),
    ]);
    expect(await recipientsSeenBy(agent, campaign)).toEqual([address("agent")]);
    expect(await recipientsSeenBy(other, campaign)).toEqual([address("other")]);
  });

  it("another member of staff cannot send or schedule the agent's campaign", async () => {
    const campaign = await campaignOf(agent, listId, "Agent's second campaign");
    const now = await other.client.rpc("queue_campaign", { campaign, site_origin: SITE_ORIGIN });
    expect(now.error?.code).toBe("42501");
    const later = await other.client.rpc("schedule_campaign", {
      campaign,
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
      site_origin: SITE_ORIGIN,
    });
    expect(later.error?.code).toBe("42501");
  });
});
