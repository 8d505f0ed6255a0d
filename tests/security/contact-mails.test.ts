/**
 * Issue 22, item 4: mails were matched to a contact by an address the user can set. A member of
 * staff made a contact with the admin's e-mail and contact_timeline / export_contact showed the
 * admin's mails (subjects, recipients, statuses). A mail now reaches a contact's timeline through
 * the record that caused it, and only when the caller may read that record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactOf, invoiceOf, member, must, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
let agent: Member;
let other: Member;
let admin: Member;
let contact: { id: string };
const client = `client-${tag}@tests.example`;
const LINE = {
  description: `Agency fee ${tag}`,
  quantity: 1,
  unit_price: "17.00",
  tax_class: "exempt",
} as const;
let ownNumber = "";
let otherNumber = "";

interface TimelineRow {
  source: string;
  summary: string;
  details: { to?: string } | null;
}
const timeline = async (m: Member, id: string) =>
  (await must(
    m.client.rpc("contact_timeline", { contact_id: id, max_rows: 200 }),
    "timeline",
  )) as TimelineRow[];

beforeAll(async () => {
  [agent, other, admin] = await Promise.all([member("staff"), member("staff"), member("admin")]);
  // The admin's own mail (a notification copy), never about any contact.
  await must(
    service.from("outgoing_emails").insert({
      to_address: admin.email,
      subject: `Admin only: new lead assigned ${tag}`,
      html: "<p>For the admin</p>",
      kind: "notification",
    }),
    "admin mail",
  );
  // An agent makes contacts with the admin's address and with a client's.
  await contactOf(agent.id, { first_name: "Not", last_name: `The-admin-${tag}`, email: admin.email });
  contact = await contactOf(agent.id, { first_name: "Efua", last_name: `Client-${tag}`, email: client });
  // The agent's own invoice to the client, and another agent's to the same address: both sent.
  const own = await invoiceOf(agent.id, `Efua ${tag}`, [LINE], { issue: true, email: client });
  const others = await invoiceOf(other.id, `Efua ${tag}`, [LINE], { issue: true, email: client });
  ownNumber = own.number!;
  otherNumber = others.number!;
  await must(agent.client.rpc("send_invoice_email", { invoice_id: own.id }), "send own");
  await must(other.client.rpc("send_invoice_email", { invoice_id: others.id }), "send other");
}, 60_000);
afterAll(async () => {
  await service.from("outgoing_emails").delete().like("subject", `%${tag}%`);
  await service.from("contacts").delete().like("last_name", `%-${tag}`);
  await removeMembers(agent, other, admin);
});

describe("item 4: mails reach a contact through the records that caused them", () => {
  it("a contact with the admin's address shows none of the admin's mails", async () => {
    const [notAdmin] = (await must(
      agent.client.from("contacts").select("id").eq("last_name", `The-admin-${tag}`),
      "contact",
    )) as { id: string }[];
    const rows = await timeline(agent, notAdmin!.id);
    expect(rows.filter((r) => r.source === "email")).toEqual([]);
    const exported = (await must(
      agent.client.rpc("export_contact", { contact_id: notAdmin!.id }),
      "export",
    )) as {
      emails: unknown[];
    };
    expect(exported.emails).toEqual([]);
  });

  it("the agent's own invoice mail to the client shows; another agent's does not, nor its timeline row", async () => {
    const rows = await timeline(agent, contact.id);
    const text = JSON.stringify(rows);
    expect(rows.filter((r) => r.source === "email").map((r) => r.summary)).toEqual([
      `Invoice ${ownNumber} from Ghana Realty`,
    ]);
    expect(text).not.toContain(otherNumber);
    const exported = JSON.stringify(
      await must(agent.client.rpc("export_contact", { contact_id: contact.id }), "export"),
    );
    expect(exported).toContain(`Invoice ${ownNumber} from Ghana Realty`);
    expect(exported).not.toContain(otherNumber);
  });

  it("an admin, who may read both invoices, sees both mails", async () => {
    const subjects = (await timeline(admin, contact.id))
      .filter((r) => r.source === "email")
      .map((r) => r.summary);
    expect(subjects.sort()).toEqual(
      [`Invoice ${ownNumber} from Ghana Realty`, `Invoice ${otherNumber} from Ghana Realty`].sort(),
    );
  });
});
