/**
 * Issue 22, item 3: export_contact bypassed record-level access on linked rows. For a contact a
 * member of staff sees only as its assignee, the export included another agent's deal; for a
 * company they own, another agent's person (phone, e-mail, private notes). Every row of an export
 * now passes the caller's own RLS; an admin still exports everything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactOf, member, must, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
const SALE = "00000000-0000-4000-d100-000000000001";
const NEW_STAGE = "00000000-0000-4000-d200-000000000101";
let agent: Member;
let other: Member;
let admin: Member;
let assigned: { id: string };
let company: { id: string };
let hiddenDeal: string;
let hiddenPerson: { id: string };

interface Export {
  deals: { id: string }[];
  linked_records: Record<string, { id: string; phone?: string; notes?: string }[]>;
}
const exportOf = async (m: Member, id: string) =>
  (await must(m.client.rpc("export_contact", { contact_id: id }), "export")) as Export;
const ids = (rows: { id: string }[] | undefined) => (rows ?? []).map((r) => r.id);

beforeAll(async () => {
  [agent, other, admin] = await Promise.all([member("staff"), member("staff"), member("admin")]);
  assigned = await contactOf(other.id, {
    first_name: "Abena",
    last_name: `Assigned-${tag}`,
    assignee_id: agent.id,
  });
  const deal = await must(
    service
      .from("deals")
      .insert({
        title: `Other agent's deal ${tag}`,
        pipeline_id: SALE,
        stage_id: NEW_STAGE,
        value: 750000,
        currency: "GHS",
        owner_id: other.id,
        contact_id: assigned.id,
      })
      .select("id")
      .single(),
    "deal",
  );
  hiddenDeal = (deal as { id: string }).id;
  company = await contactOf(agent.id, { kind: "company", company_name: `Asante Holdings ${tag}` });
  hiddenPerson = await contactOf(other.id, {
    first_name: "Kweku",
    last_name: `Private-${tag}`,
    company_id: company.id,
    phone: "+233244000111",
    notes: "Private notes of another agent",
  });
}, 60_000);
afterAll(async () => {
  await service.from("deals").delete().eq("id", hiddenDeal);
  await service.from("contacts").delete().in("id", [hiddenPerson?.id, assigned?.id].filter(Boolean));
  await service.from("contacts").delete().eq("id", company?.id);
  await removeMembers(agent, other, admin);
});

describe("item 3: an export holds only what the caller may read", () => {
  it("the assignee's export of a contact leaves out the owner's deal they cannot read", async () => {
    expect((await agent.client.from("deals").select("id").eq("id", hiddenDeal)).data).toEqual([]);
    const exported = await exportOf(agent, assigned.id);
    expect(ids(exported.deals)).not.toContain(hiddenDeal);
    expect(ids(exported.linked_records["deals.contact_id"])).not.toContain(hiddenDeal);
  });

  it("a company's export leaves out another agent's person at it (phone, notes)", async () => {
    const exported = await exportOf(agent, company.id);
    expect(ids(exported.linked_records["contacts.company_id"])).not.toContain(hiddenPerson.id);
    expect(JSON.stringify(exported)).not.toContain("+233244000111");
    expect(JSON.stringify(exported)).not.toContain("Private notes of another agent");
  });

  it("an admin's export still has both", async () => {
    expect(ids((await exportOf(admin, assigned.id)).deals)).toContain(hiddenDeal);
    expect(ids((await exportOf(admin, company.id)).linked_records["contacts.company_id"])).toContain(
      hiddenPerson.id,
    );
  });
});
