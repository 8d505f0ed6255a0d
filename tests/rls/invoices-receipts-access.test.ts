/**
 * Money in the database, access: the RLS matrix of every money table and function, per actor
 * (the common setup is invoices-receipts-fixture.ts).
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { toMinor } from "#core/money/minor-units.ts";
import { COMMISSION, moneyFixture } from "./invoices-receipts-fixture.ts";
import { type Actor, must } from "./support.ts";
import { deletes, seed, updates } from "./row-probes.ts";

const { service, tag, actors, letters, staffId, draft, issued, invoice } = moneyFixture();

describe("access (RLS matrix)", () => {
  let entryId = "";
  let paymentId = "";
  let invoiceId = "";
  beforeAll(async () => {
    const inv = await issued([COMMISSION]);
    invoiceId = inv.id;
    const cat = (
      (await must(
        service.from("finance_categories").select("id").eq("code", "transport").single(),
        "cat",
      )) as { id: string }
    ).id;
    entryId = (
      (await must(
        service
          .from("finance_entries")
          .insert({
            kind: "expense",
            amount: 120,
            category_id: cat,
            description: `Fuel ${tag}`,
            owner_id: staffId(),
          })
          .select("id")
          .single(),
        "entry",
      )) as { id: string }
    ).id;
    const pay = await service.rpc("record_payment", {
      payment: {
        amount: "1000",
        currency: "GHS",
        method: "cheque",
        allocations: [{ invoice_id: invoiceId, amount: "1000" }],
      },
    });
    paymentId = (pay.data as { id: string }).id;
  });

  const seen = (table: string, col: string, value: string) => async (a: Actor) =>
    ((await a.client.from(table).select(col).eq(col, value)).data ?? []).length > 0;

  it("documents' parts and payments follow the invoice's record-level access; nobody writes them directly", async () => {
    expect(await letters("invoice_taxes · select", seen("invoice_taxes", "invoice_id", invoiceId))).toBe(
      "NNYNYNY",
    );
    expect(
      await letters("invoice_taxes · insert", async (a) => {
        await a.client.from("invoice_taxes").insert({
          invoice_id: invoiceId,
          tax_class: "standard",
          code: `x${a.name.length}`,
          name: "Forged",
          rate: 0.5,
          base: 1,
          amount: 1,
        });
        return (
          (
            (
              await service
                .from("invoice_taxes")
                .select("code")
                .eq("invoice_id", invoiceId)
                .eq("name", "Forged")
            ).data ?? []
          ).length > 0
        );
      }),
    ).toBe("NNNNNNN");
    expect(await letters("payments · select", seen("payments", "id", paymentId))).toBe("NNYNYNY");
    expect(
      await letters("payment_allocations · select", seen("payment_allocations", "payment_id", paymentId)),
    ).toBe("NNYNYNY");
    expect(
      await letters("payments · insert (direct)", async (a, i) => {
        const n = `RCP-2097-${String(1000 + i)}`;
        await a.client.from("payments").insert({
          number: n,
          amount: 1,
          currency: "GHS",
          method: "card",
          paid_on: "2026-01-01",
          payer_name: "X",
          client_key: "x",
        });
        return ((await service.from("payments").select("id").eq("number", n)).data ?? []).length > 0;
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("payments · update (direct)", async (a) => {
        await a.client.from("payments").update({ reference: "forged" }).eq("id", paymentId);
        return (
          (
            (await service.from("payments").select("id").eq("id", paymentId).eq("reference", "forged"))
              .data ?? []
          ).length > 0
        );
      }),
    ).toBe("NNNNNNN");
    await must(
      service
        .from("invoice_reminders")
        .insert({
          invoice_id: invoiceId,
          offset_days: 1,
          reminded_on: "2026-01-02",
          to_address: `client-${tag}@example.com`,
        })
        .select("id"),
      "reminder",
    );
    expect(
      await letters("invoice_reminders · select", seen("invoice_reminders", "invoice_id", invoiceId)),
    ).toBe("NNYNYNY");
    await must(
      service
        .from("online_payments")
        .insert({
          reference: `GR-rls${tag}`,
          invoice_id: invoiceId,
          amount_minor: 100,
          currency: "GHS",
          email: "a@b.co",
          channel: "card",
        })
        .select("reference"),
      "online",
    );
    expect(
      await letters("online_payments · select", seen("online_payments", "reference", `GR-rls${tag}`)),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "payment_webhook_events · select",
        async (a) =>
          ((await a.client.from("payment_webhook_events").select("id").limit(1)).data ?? []).length > 0,
      ),
    ).toBe("NNNNNNN");
  });

  it("the money functions: staff of the record and admins; the worker's only with the secret key", async () => {
    expect(
      await letters("issue_invoice · rpc · staff's draft", async (a) => {
        const id = await draft([COMMISSION]);
        await a.client.rpc("issue_invoice", { invoice_id: id });
        return (await invoice(id)).status === "sent";
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("record_payment · rpc · staff's invoice", async (a) => {
        const inv = await issued([COMMISSION]);
        await a.client.rpc("record_payment", {
          payment: {
            amount: "100",
            currency: "GHS",
            method: "card",
            allocations: [{ invoice_id: inv.id, amount: "100" }],
          },
        });
        return toMinor((await invoice(inv.id)).amount_paid) === 10_000;
      }),
    ).toBe("NNYNYNY");
    expect(
      await letters("allocate_payment · rpc · staff's held credit", async (a) => {
        const inv = await issued([COMMISSION]);
        const pay = (await must(
          service.rpc("record_payment", {
            payment: {
              amount: "200",
              currency: "GHS",
              method: "card",
              hold_excess_as_credit: true,
              allocations: [{ invoice_id: inv.id, amount: "100" }],
            },
          }),
          "pay",
        )) as { id: string };
        await a.client.rpc("allocate_payment", { payment_id: pay.id, invoice_id: inv.id, amount: 50 });
        return toMinor((await invoice(inv.id)).amount_paid) === 15_000;
      }),
    ).toBe("NNYNYNY");
    for (const fn of [
      "queue_invoice_reminders",
      "start_online_payment",
      "complete_online_payment",
    ] as const) {
      const args =
        fn === "queue_invoice_reminders"
          ? { on_date: "2026-01-01", max_rows: 1 }
          : fn === "start_online_payment"
            ? { invoice_id: invoiceId, channel: "card", email: "a@b.co", reference: `GR-probe${tag}` }
            : {
                reference: "GR-none0000",
                provider_transaction_id: "1",
                amount_minor: 1,
                currency: "GHS",
                paid_at: new Date().toISOString(),
                channel: "card",
              };
      expect(await letters(`${fn} · rpc`, async (a) => !(await a.client.rpc(fn, args as never)).error)).toBe(
        "NNNNNNN",
      );
    }
    expect(
      await letters(
        "get_public_invoice · rpc · issued",
        async (a) =>
          (
            (await a.client.rpc("get_public_invoice", { invoice_id: invoiceId })).data as {
              number?: string;
            } | null
          )?.number !== undefined,
      ),
    ).toBe("YYYYYYY");
    expect(
      await letters(
        "get_public_receipt · rpc",
        async (a) =>
          (
            (await a.client.rpc("get_public_receipt", { payment_id: paymentId })).data as {
              number?: string;
            } | null
          )?.number !== undefined,
      ),
    ).toBe("YYYYYYY");
  });

  it("finance entries: staff record and see their own (pending), admins see and approve all", async () => {
    expect(await letters("finance_entries · select · staff's", seen("finance_entries", "id", entryId))).toBe(
      "NNYNYNY",
    );
    const cat = (
      (await must(
        service.from("finance_categories").select("id").eq("code", "marketing").single(),
        "cat",
      )) as { id: string }
    ).id;
    expect(
      await letters("finance_entries · insert · own, pending", async (a, i) => {
        const d = `Flyers ${i} ${tag}`;
        await a.client
          .from("finance_entries")
          .insert({ kind: "expense", amount: 50, category_id: cat, description: d, owner_id: a.user?.id });
        return (
          ((await service.from("finance_entries").select("id").eq("description", d)).data ?? []).length > 0
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("finance_entries · update · staff's pending", async (a, i) => {
        const d = `Fuel edited ${i} ${tag}`;
        await a.client.from("finance_entries").update({ description: d }).eq("id", entryId);
        return (
          ((await service.from("finance_entries").select("id").eq("description", d)).data ?? []).length > 0
        );
      }),
    ).toBe("NNYNYNY");
    const entry = (description: string) => ({
      kind: "expense",
      amount: 10,
      category_id: cat,
      description: `${description} ${tag}`,
      owner_id: staffId(),
    });
    expect(
      await letters("finance_entries · approve · staff's", async (a) =>
        updates(a.client, "finance_entries", await seed("finance_entries", entry("Approve me")), {
          status: "approved",
        }),
      ),
    ).toBe("NNNNYNY");
    expect(
      await letters("finance_entries · delete · staff's pending", (a) =>
        deletes(a.client, "finance_entries", entry("Delete me")),
      ),
    ).toBe("NNYNYNY");
    // Income from a payment is never edited by hand.
    const payEntry = (
      (await must(
        service.from("finance_entries").select("id").eq("payment_id", paymentId).single(),
        "pay entry",
      )) as { id: string }
    ).id;
    const edit = await actors.admin_mfa_aal2.client
      .from("finance_entries")
      .update({ amount: 1 })
      .eq("id", payEntry);
    expect(edit.error?.message).toBe(
      "This income came from a payment and follows it: it is not edited by hand.",
    );
  });

  it("finance receipts (rows and the private bucket) follow the entry", async () => {
    const pdf = () => new Blob([`%PDF-1.4\n% ${tag}\n`], { type: "application/pdf" });
    expect(
      await letters("storage finance-receipts · upload · staff's entry", async (a, i) => {
        const path = `${entryId}/probe-${i}-${tag}.pdf`;
        await a.client.storage.from("finance-receipts").upload(path, pdf());
        return ((await service.storage.from("finance-receipts").list(entryId)).data ?? []).some(
          (f) => f.name === `probe-${i}-${tag}.pdf`,
        );
      }),
    ).toBe("NNYNYNY");
    await must(
      service
        .from("finance_attachments")
        .insert({
          entry_id: entryId,
          storage_path: `${entryId}/probe-2-${tag}.pdf`,
          file_name: "fuel.pdf",
          mime_type: "application/pdf",
          size_bytes: 30,
        })
        .select("id"),
      "row",
    );
    expect(
      await letters("finance_attachments · select", seen("finance_attachments", "entry_id", entryId)),
    ).toBe("NNYNYNY");
    expect(
      await letters(
        "storage finance-receipts · download",
        async (a) =>
          !(await a.client.storage.from("finance-receipts").download(`${entryId}/probe-2-${tag}.pdf`)).error,
      ),
    ).toBe("NNYNYNY");
  });

  it("accounts, categories and money settings: staff read, admins keep them", async () => {
    expect(
      await letters(
        "finance_accounts · select",
        async (a) => ((await a.client.from("finance_accounts").select("id")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("finance_accounts · insert", async (a, i) => {
        const name = `Probe account ${i} ${tag}`;
        await a.client.from("finance_accounts").insert({ name, kind: "bank" });
        return ((await service.from("finance_accounts").select("id").eq("name", name)).data ?? []).length > 0;
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters(
        "finance_categories · select",
        async (a) => ((await a.client.from("finance_categories").select("id")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("finance_categories · delete · system", async (a) => {
        await a.client.from("finance_categories").delete().eq("code", "client_payments");
        return (
          ((await service.from("finance_categories").select("id").eq("code", "client_payments")).data ?? [])
            .length === 0
        );
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters(
        "money_settings · select",
        async (a) =>
          ((await a.client.from("money_settings").select("reminder_offsets")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    const before = (
      (await must(service.from("money_settings").select("reminder_offsets").single(), "offsets")) as {
        reminder_offsets: number[];
      }
    ).reminder_offsets;
    try {
      expect(
        await letters("money_settings · update", async (a, i) => {
          await a.client
            .from("money_settings")
            .update({ reminder_offsets: [i + 1] })
            .eq("id", true);
          return (
            (
              (await service.from("money_settings").select("reminder_offsets").single()).data as {
                reminder_offsets: number[];
              }
            ).reminder_offsets[0] ===
            i + 1
          );
        }),
      ).toBe("NNNNYNY");
    } finally {
      await service.from("money_settings").update({ reminder_offsets: before }).eq("id", true);
    }
  });
});
