/**
 * Money in the database, payments (the common setup is invoices-receipts-fixture.ts), judged by what is
 * stored afterwards (read with the secret key): payments move invoices and finances in one
 * transaction; credit notes, held credit, refunds; receipt and invoice e-mails; overdue reminders
 * at the configured offsets.
 */
import { describe, expect, it } from "vitest";
import { settlementStatus } from "#core/invoices-receipts/documents.ts";
import { toMinor } from "#core/money/minor-units.ts";
import { COMMISSION, EXEMPT_RENT, moneyFixture } from "./invoices-receipts-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, staffId, issued, invoice } = moneyFixture();

describe("payments, credit notes, held credit, refunds", () => {
  it("the done-when path in the database: partial, full, credit note, held credit, refund; finances follow", async () => {
    const { id, number } = await issued([COMMISSION, EXEMPT_RENT]);
    expect(toMinor((await invoice(id)).total)).toBe(1_850_000);
    const first = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "8500.00",
        currency: "GHS",
        method: "mobile_money",
        momo_network: "mtn",
        reference: `MTN ${tag}`,
        allocations: [{ invoice_id: id, amount: "8500.00" }],
      },
    });
    expect(first.error).toBeNull();
    const receipt1 = first.data as { id: string; number: string };
    expect(receipt1.number).toMatch(/^RCP-\d{4}-\d{4,}$/);
    expect(await invoice(id)).toMatchObject({ status: "partially_paid" });
    const second = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "10500.00",
        currency: "GHS",
        method: "bank_transfer",
        hold_excess_as_credit: true,
        allocations: [{ invoice_id: id, amount: "10000.00" }],
      },
    });
    expect(second.error).toBeNull();
    expect((second.data as { held_as_credit: number }).held_as_credit).toBe(500);
    expect(await invoice(id)).toMatchObject({ status: "paid" });
    const entries = (await must(
      service
        .from("finance_entries")
        .select("kind, status, amount, payment_id")
        .in("payment_id", [receipt1.id, (second.data as { id: string }).id]),
      "entries",
    )) as { kind: string; status: string; amount: number }[];
    expect(entries.map((e) => [e.kind, e.status, toMinor(e.amount)]).sort()).toEqual([
      ["income", "approved", 1_050_000],
      ["income", "approved", 850_000],
    ]);

    // A credit note for part of a paid invoice: what was paid beyond the new total becomes credit.
    const note = await actors.staff.client.rpc("create_credit_note", {
      invoice_id: id,
      reason: "Commission reduced",
    });
    expect(note.error).toBeNull();
    const noteId = note.data as string;
    await actors.staff.client
      .from("invoice_items")
      .delete()
      .eq("invoice_id", noteId)
      .eq("tax_class", "exempt");
    await actors.staff.client.from("invoice_items").update({ unit_price: 2500 }).eq("invoice_id", noteId);
    const crn = await actors.staff.client.rpc("issue_invoice", { invoice_id: noteId });
    expect(crn.data).toMatch(/^CRN-\d{4}-\d{4,}$/);
    const after = await invoice(id);
    expect([after.status, toMinor(after.amount_credited), toMinor(after.amount_paid)]).toEqual([
      "paid",
      300_000,
      1_550_000,
    ]);
    // The database's rule (private.settlement_status) and core's agree.
    expect(
      settlementStatus(
        "invoice",
        "sent",
        toMinor(after.total),
        toMinor(after.amount_paid),
        toMinor(after.amount_credited),
      ),
    ).toBe(after.status);
    const credit = (await must(
      service.from("client_credit_balances").select("credit").eq("client_key", `client-${tag}@example.com`),
      "credit",
    )) as { credit: number }[];
    expect(toMinor(credit[0]!.credit)).toBe(350_000); // 500 held + 3,000 released

    // A credit note for more than is left to credit is refused.
    const big = await actors.staff.client.rpc("create_credit_note", { invoice_id: id, reason: "Too much" });
    await actors.staff.client
      .from("invoice_items")
      .update({ quantity: 10 })
      .eq("invoice_id", big.data as string);
    const refused = await actors.staff.client.rpc("issue_invoice", { invoice_id: big.data as string });
    expect(refused.error?.message).toMatch(/is more than what is left to credit on/);

    // A refund (negative payment) from the first receipt reopens the invoice.
    const refund = await actors.staff.client.rpc("refund_payment", {
      payment_id: receipt1.id,
      amount: 1000,
      reason: "Goodwill refund",
      method: "mobile_money",
      momo_network: "mtn",
    });
    expect(refund.error).toBeNull();
    expect((refund.data as { number: string }).number).toMatch(/^RFD-/);
    const reopened = await invoice(id);
    expect(reopened).toMatchObject({ status: "partially_paid" });
    expect(
      settlementStatus(
        "invoice",
        "sent",
        toMinor(reopened.total),
        toMinor(reopened.amount_paid),
        toMinor(reopened.amount_credited),
      ),
    ).toBe("partially_paid");
    const tooMuch = await actors.staff.client.rpc("refund_payment", {
      payment_id: receipt1.id,
      amount: 8000,
      reason: "Too much",
      method: "bank_transfer",
    });
    expect(tooMuch.error?.message).toMatch(/^At most GHS 7,500\.00 of RCP-/);
    void number;
  });

  it("held credit goes only to the same client's open invoice; applying it and refunding are audited under the payment", async () => {
    const owed = await issued([EXEMPT_RENT]); // 3,500.00
    const later = await issued([EXEMPT_RENT]);
    const otherClient = await issued([EXEMPT_RENT], {
      bill_to_name: `Other client ${tag}`,
      bill_to_email: `other-${tag}@example.com`,
    });
    const paid = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "5000.00",
        currency: "GHS",
        method: "bank_transfer",
        hold_excess_as_credit: true,
        allocations: [{ invoice_id: owed.id, amount: "3500.00" }],
      },
    });
    expect(paid.error).toBeNull();
    const paymentId = (paid.data as { id: string }).id;
    const held = async () =>
      toMinor(String((await service.rpc("payment_credit", { payment_id: paymentId })).data));
    expect(await held()).toBe(150_000);

    // Another client's invoice: refused, nothing moves.
    const foreign = await actors.staff.client.rpc("allocate_payment", {
      payment_id: paymentId,
      invoice_id: otherClient.id,
      amount: 100,
    });
    expect(foreign.error?.message).toMatch(
      /^The credit on RCP-\d{4}-\d{4,} belongs to Money RLS .*; INV-\d{4}-\d{4,} is billed to Other client/,
    );
    expect([toMinor((await invoice(otherClient.id)).amount_paid), await held()]).toEqual([0, 150_000]);
    // More than is held, or than the invoice owes: refused.
    expect(
      (
        await actors.staff.client.rpc("allocate_payment", {
          payment_id: paymentId,
          invoice_id: later.id,
          amount: 1500.01,
        })
      ).error?.message,
    ).toMatch(/holds GHS 1,500\.00 of client credit/);
    // The same client's invoice: applied.
    const ok = await actors.staff.client.rpc("allocate_payment", {
      payment_id: paymentId,
      invoice_id: later.id,
      amount: 1200,
    });
    expect(ok.error).toBeNull();
    expect([
      (await invoice(later.id)).status,
      toMinor((await invoice(later.id)).amount_paid),
      await held(),
    ]).toEqual(["partially_paid", 120_000, 30_000]);
    // A refund of 500: the 300 still held, then 200 off the invoice the credit paid last.
    expect(
      (
        await actors.staff.client.rpc("refund_payment", {
          payment_id: paymentId,
          amount: 500,
          reason: "Overpaid deposit",
          method: "bank_transfer",
        })
      ).error,
    ).toBeNull();
    expect([toMinor((await invoice(later.id)).amount_paid), await held()]).toEqual([100_000, 0]);

    const audit = (await must(
      service
        .from("audit_log")
        .select("action, actor_id, changes")
        .eq("table_name", "payment_allocations")
        .eq("record_id", paymentId)
        .order("id"),
      "audit",
    )) as { actor_id: string; changes: { invoice_id: string; amount: number } }[];
    expect(audit.map((r) => [r.changes.invoice_id, Number(r.changes.amount), r.actor_id])).toEqual([
      [owed.id, 3500, staffId()],
      [later.id, 1200, staffId()],
      [later.id, -200, staffId()],
    ]);
    // That history is read as the payment is: its staff and admins, not another staff member.
    expect(
      await letters(
        "audit_log · payment_allocations of staff's payment · select",
        async (a) =>
          (
            (
              await a.client
                .from("audit_log")
                .select("id")
                .eq("table_name", "payment_allocations")
                .eq("record_id", paymentId)
            ).data ?? []
          ).length === 3,
      ),
    ).toBe("NNYNYNY");
  });

  it("receipt e-mails carry the PDF to render; send_invoice_email queues the invoice PDF", async () => {
    const { id, number } = await issued([COMMISSION]);
    const r = await actors.staff.client.rpc("record_payment", {
      payment: {
        amount: "15000",
        currency: "GHS",
        method: "card",
        email_receipt: true,
        allocations: [{ invoice_id: id, amount: "15000" }],
      },
    });
    const mail = (await must(
      service
        .from("outgoing_emails")
        .select("to_address, subject, attachments")
        .eq("id", (r.data as { receipt_email_id: string }).receipt_email_id)
        .single(),
      "mail",
    )) as { to_address: string; subject: string; attachments: unknown[] };
    expect(mail).toMatchObject({
      to_address: `client-${tag}@example.com`,
      attachments: [
        { render: "receipt_pdf", record_id: (r.data as { id: string }).id, content_type: "application/pdf" },
      ],
    });
    const sent = await actors.staff.client.rpc("send_invoice_email", { invoice_id: id });
    const invMail = (await must(
      service
        .from("outgoing_emails")
        .select("subject, attachments")
        .eq("id", sent.data as string)
        .single(),
      "mail",
    )) as { subject: string; attachments: { filename: string }[] };
    expect(invMail.subject).toBe(`Invoice ${number} from Ghana Realty`);
    expect(invMail.attachments[0]!.filename).toBe(`${number}.pdf`);
  });
});

describe("overdue reminders at the configured offsets", () => {
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  it("queue the latest offset that has come, once per offset, recorded on the invoice with the PDF attached", async () => {
    const before = (
      (await must(service.from("money_settings").select("reminder_offsets").single(), "offsets")) as {
        reminder_offsets: number[];
      }
    ).reminder_offsets;
    await must(
      service
        .from("money_settings")
        .update({ reminder_offsets: [-3, 1, 7] })
        .eq("id", true)
        .select("id"),
      "set offsets",
    );
    try {
      const { id, number } = await issued([COMMISSION]);
      const due = (
        (await must(service.from("invoices").select("due_date").eq("id", id).single(), "due")) as {
          due_date: string;
        }
      ).due_date;
      const reminders = async () =>
        (await must(
          service
            .from("invoice_reminders")
            .select("offset_days, reminded_on, email_id")
            .eq("invoice_id", id)
            .order("offset_days"),
          "reminders",
        )) as { offset_days: number; reminded_on: string; email_id: string }[];
      const queue = async (on: string) => {
        const { error } = await service.rpc("queue_invoice_reminders", { on_date: on, max_rows: 1000 });
        if (error) throw new Error(error.message);
      };
      await queue(shift(due, -4));
      expect(await reminders(), "nothing before the first offset").toEqual([]);
      await queue(shift(due, -3));
      await queue(shift(due, -2));
      const first = await reminders();
      expect(first.map((r) => [r.offset_days, r.reminded_on])).toEqual([[-3, shift(due, -3)]]);
      const mail = (await must(
        service
          .from("outgoing_emails")
          .select("to_address, subject, attachments")
          .eq("id", first[0]!.email_id)
          .single(),
        "mail",
      )) as { to_address: string; subject: string; attachments: unknown[] };
      expect(mail).toMatchObject({
        to_address: `client-${tag}@example.com`,
        subject: `Reminder: invoice ${number} is due soon`,
        attachments: [{ render: "invoice_pdf", record_id: id }],
      });
      await queue(shift(due, 1));
      await queue(shift(due, 1));
      const second = await reminders();
      expect(second.map((r) => [r.offset_days, r.reminded_on])).toEqual([
        [-3, shift(due, -3)],
        [1, shift(due, 1)],
      ]);
      const late = (await must(
        service.from("outgoing_emails").select("subject").eq("id", second[1]!.email_id).single(),
        "late",
      )) as { subject: string };
      expect(late.subject).toBe(`Reminder: invoice ${number} is overdue`);
      // Paid in full: no more reminders.
      await must(
        service.rpc("record_payment", {
          payment: {
            amount: "15000",
            currency: "GHS",
            method: "bank_transfer",
            allocations: [{ invoice_id: id, amount: "15000" }],
          },
        }),
        "pay",
      );
      await queue(shift(due, 8));
      expect(await reminders()).toHaveLength(2);
    } finally {
      await service.from("money_settings").update({ reminder_offsets: before }).eq("id", true);
    }
  });
});
