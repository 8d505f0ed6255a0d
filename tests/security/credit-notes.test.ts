/**
 * Issue 22, item 2: credit notes against invoices the caller cannot see. A member of staff
 * inserted a credit note whose credited_invoice_id was another agent's invoice, added a line and
 * issued it: the hidden invoice became void, and a larger amount made the error name its number
 * and balance. Crediting, voiding and converting now need the caller to read and change the
 * referenced document; refusals describe nothing hidden; voiding is for the owner or an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceOf, member, must, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
let attacker: Member;
let victim: Member;
let hidden: { id: string; number: string | null };
const LINE = {
  description: `Agency fee ${tag}`,
  quantity: 1,
  unit_price: "17.00",
  tax_class: "exempt",
} as const;

const figures = async (id: string) =>
  (await must(
    service.from("invoices").select("status, amount_credited, voided_at").eq("id", id).single(),
    "figures",
  )) as { status: string; amount_credited: number; voided_at: string | null };

beforeAll(async () => {
  [attacker, victim] = await Promise.all([member("staff"), member("staff")]);
  hidden = await invoiceOf(victim.id, `Hidden client ${tag}`, [LINE], { issue: true });
}, 60_000);
afterAll(async () => {
  await service.from("invoices").delete().like("bill_to_name", `% ${tag}`).eq("status", "draft");
  await removeMembers(attacker, victim);
});

describe("item 2: a credit note credits only an invoice its author may work on", () => {
  it("the hidden invoice is invisible to the attacker to begin with", async () => {
    const seen = await attacker.client.from("invoices").select("id").eq("id", hidden.id);
    expect(seen.data).toEqual([]);
  });

  it("a credit note draft pointing at it is refused, saying nothing about it", async () => {
    const res = await attacker.client
      .from("invoices")
      .insert({
        kind: "credit_note",
        credited_invoice_id: hidden.id,
        bill_to_name: `Attacker ${tag}`,
        owner_id: attacker.id,
      })
      .select("id");
    expect(res.error?.code).toBe("PT404");
    expect(res.status).toBe(404);
    expect(res.error?.message).not.toContain(hidden.number!);
    expect(await figures(hidden.id)).toMatchObject({ status: "sent", amount_credited: 0 });
  });

  it("a credit note drafted for it anyway (by the secret key) cannot be issued by the attacker", async () => {
    const note = await must(
      service
        .from("invoices")
        .insert({
          kind: "credit_note",
          credited_invoice_id: hidden.id,
          bill_to_name: `Attacker ${tag}`,
          owner_id: attacker.id,
        })
        .select("id")
        .single(),
      "draft credit note",
    );
    const noteId = (note as { id: string }).id;
    // A larger amount than the invoice: the old message named the invoice and its balance.
    await must(
      attacker.client
        .from("invoice_items")
        .insert({ invoice_id: noteId, position: 1, ...LINE, unit_price: "1700.00" }),
      "line",
    );
    const issued = await attacker.client.rpc("issue_invoice", { invoice_id: noteId });
    expect(issued.error?.code).toBe("PT404");
    expect(issued.status).toBe(404);
    expect(issued.error?.message).not.toContain(hidden.number!);
    expect(issued.error?.message).not.toMatch(/17\.00|1700/);
    // The right amount changes nothing either.
    await must(
      attacker.client.from("invoice_items").update({ unit_price: "17.00" }).eq("invoice_id", noteId),
      "line",
    );
    expect((await attacker.client.rpc("issue_invoice", { invoice_id: noteId })).error?.code).toBe("PT404");
    expect(await figures(hidden.id)).toMatchObject({ status: "sent", amount_credited: 0, voided_at: null });
  });

  it("create_credit_note, void_invoice and convert on the hidden document are 404s", async () => {
    const credit = await attacker.client.rpc("create_credit_note", {
      invoice_id: hidden.id,
      reason: "probe",
    });
    const voided = await attacker.client.rpc("void_invoice", { invoice_id: hidden.id, reason: "probe" });
    const converted = await attacker.client.rpc("convert_quote", { quote_id: hidden.id });
    for (const r of [credit, voided, converted]) {
      expect(r.status).toBe(404);
      expect(r.error?.code).toBe("PT404");
      expect(r.error?.message).not.toContain(hidden.number!);
    }
    expect(await figures(hidden.id)).toMatchObject({ status: "sent", amount_credited: 0 });
  });
});

describe("item 2: who may void", () => {
  it("an assignee who works on the invoice may credit it but not void it; its owner may", async () => {
    const shared = await invoiceOf(victim.id, `Shared client ${tag}`, [LINE], {
      issue: true,
      assigneeId: attacker.id,
    });
    const voided = await attacker.client.rpc("void_invoice", {
      invoice_id: shared.id,
      reason: "not mine to void",
    });
    expect(voided.error?.code).toBe("42501");
    expect((await figures(shared.id)).status).toBe("sent");
    const note = await attacker.client.rpc("create_credit_note", {
      invoice_id: shared.id,
      reason: "a discount",
    });
    expect(note.error).toBeNull();
    const byOwner = await victim.client.rpc("void_invoice", {
      invoice_id: shared.id,
      reason: "issued in error",
    });
    expect(byOwner.error).toBeNull();
    expect((await figures(shared.id)).status).toBe("void");
  });
});
