/**
 * RLS of the back-office platform, continued (platform.test.ts has record-level access, module
 * modes and the audit log), per actor, judged by what is in the database afterwards:
 *   - notifications: one's own only; staff notify back-office colleagues as themselves; the
 *     e-mail copy is queued per the recipient's settings; outgoing_emails is secret-key only;
 *   - invoices, invoice_items and tax_rates.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { type Actor, must } from "./support.ts";
import { deletes, inserts, reads, updates } from "./row-probes.ts";

const { service, tag, actors, cleanup, letters, staffId, uid } = rlsFile(
  "Platform RLS (notifications, invoices)",
);

cleanup.push(
  () => service.from("invoices").delete().like("bill_to_name", `%${tag}%`),
  () => service.from("tax_rates").delete().like("name", `%${tag}%`),
);

describe("notifications and the e-mail queue", () => {
  const probeIds: string[] = [];
  afterAll(async () => {
    await service.from("notifications").delete().in("id", probeIds);
  });

  it("insert: staff notify back-office colleagues, as themselves only", async () => {
    const recipient = actors.admin.user!.id;
    expect(
      await letters("notifications · insert · for a colleague, as oneself", async (a, i) => {
        const title = `Colleague poke ${i} ${tag}`;
        await a.client
          .from("notifications")
          .insert({ user_id: recipient, kind: "general", title, actor_id: uid(a) });
        const rows = (await service.from("notifications").select("id").eq("title", title)).data ?? [];
        probeIds.push(...rows.map((r) => r.id as string));
        return rows.length === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("notifications · insert · in someone else's name", async (a, i) => {
        const title = `Forged sender ${i} ${tag}`;
        await a.client.from("notifications").insert({
          user_id: recipient,
          kind: "general",
          title,
          actor_id: actors.other_staff.user!.id === uid(a) ? staffId() : actors.other_staff.user!.id,
        });
        const rows = (await service.from("notifications").select("id").eq("title", title)).data ?? [];
        probeIds.push(...rows.map((r) => r.id as string));
        return rows.length === 1;
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("notifications · insert · for a user without a role", async (a, i) => {
        const title = `To a visitor ${i} ${tag}`;
        await a.client
          .from("notifications")
          .insert({ user_id: actors.visitor.user!.id, kind: "general", title, actor_id: uid(a) });
        const rows = (await service.from("notifications").select("id").eq("title", title)).data ?? [];
        probeIds.push(...rows.map((r) => r.id as string));
        return rows.length === 1;
      }),
    ).toBe("NNNNNNN");
  });

  it("links stay in the app", async () => {
    const { error } = await actors.staff.client.from("notifications").insert({
      user_id: actors.admin.user!.id,
      kind: "general",
      title: "Off-site",
      link: "//evil.example/x",
      actor_id: staffId(),
    });
    expect(error?.code, "a protocol-relative link is refused by the check constraint").toBe("23514");
    // The sender cannot read the recipient's row back (RLS), so it names the id itself.
    const id = crypto.randomUUID();
    const ok = await actors.staff.client.from("notifications").insert({
      id,
      user_id: actors.admin.user!.id,
      kind: "general",
      title: `In-app ${tag}`,
      link: "/deals?stage=won#top",
      actor_id: staffId(),
    });
    expect(ok.error).toBeNull();
    probeIds.push(id);
  });

  it("select / update (read_at only) / delete: one's own notifications", async () => {
    const mine = (a: Actor) =>
      a.user &&
      ["staff", "other_staff", "admin", "admin_mfa_aal2", "admin_mfa_aal1", "visitor"].includes(a.name);
    const make = async (a: Actor) => {
      const row = (await must(
        service
          .from("notifications")
          .insert({ user_id: uid(a), kind: "general", title: `Own ${a.name} ${tag}`, actor_id: null })
          .select("id")
          .single(),
        "seed",
      )) as { id: string };
      probeIds.push(row.id);
      return row.id;
    };
    expect(
      await letters("notifications · select · own", async (a) =>
        mine(a)
          ? (
              (
                await a.client
                  .from("notifications")
                  .select("id")
                  .eq("id", await make(a))
              ).data ?? []
            ).length === 1
          : null,
      ),
    ).toBe("-YYYYNY");
    const others = await make(actors.admin);
    expect(
      await letters("notifications · select · someone else's", async (a) =>
        a.name === "admin"
          ? null
          : ((await a.client.from("notifications").select("id").eq("id", others)).data ?? []).length === 1,
      ),
    ).toBe("NNNN-NN");
    expect(
      await letters("notifications · update · mark own read", async (a) => {
        if (!mine(a)) return null;
        const id = await make(a);
        await a.client.from("notifications").update({ read_at: new Date().toISOString() }).eq("id", id);
        return (
          (
            (await must(service.from("notifications").select("read_at").eq("id", id).single(), "read")) as {
              read_at: string | null;
            }
          ).read_at !== null
        );
      }),
    ).toBe("-YYYYNY");
    expect(
      await letters("notifications · update · rewrite own title", async (a) => {
        if (!mine(a)) return null;
        const id = await make(a);
        await a.client.from("notifications").update({ title: "Rewritten" }).eq("id", id);
        return (
          (
            (await must(service.from("notifications").select("title").eq("id", id).single(), "read")) as {
              title: string;
            }
          ).title === "Rewritten"
        );
      }),
    ).toBe("-NNNNNN");
    expect(
      await letters("notifications · delete · own", async (a) => {
        if (!mine(a)) return null;
        const id = await make(a);
        await a.client.from("notifications").delete().eq("id", id);
        return ((await service.from("notifications").select("id").eq("id", id)).data ?? []).length === 0;
      }),
    ).toBe("-YYYYNY");
  });

  it("the unread count and mark-all-read answer for the caller only", async () => {
    const a = actors.other_staff;
    for (let i = 0; i < 3; i++)
      probeIds.push(
        (
          (await must(
            service
              .from("notifications")
              .insert({ user_id: uid(a), kind: "general", title: `Unread ${i} ${tag}` })
              .select("id")
              .single(),
            "seed",
          )) as { id: string }
        ).id,
      );
    const count = await a.client.rpc("unread_notification_count");
    expect(count.error).toBeNull();
    expect(count.data as number).toBeGreaterThanOrEqual(3);
    const marked = await a.client.rpc("mark_all_notifications_read");
    expect(marked.data as number).toBeGreaterThanOrEqual(3);
    expect((await a.client.rpc("unread_notification_count")).data).toBe(0);
    expect(
      (await actors.anon.client.rpc("unread_notification_count")).error?.code,
      "anon cannot call it",
    ).toBe("42501");
  });

  it("an e-mail copy is queued per the recipient's settings, and only the secret key sees the queue", async () => {
    const recipient = actors.other_staff.user!;
    await must(
      service
        .from("user_settings")
        .upsert({ user_id: recipient.id, email_deals: true, email_clients: false })
        .select(),
      "settings",
    );
    const [dealId, contactId] = [crypto.randomUUID(), crypto.randomUUID()];
    const deal = await actors.staff.client.from("notifications").insert({
      id: dealId,
      user_id: recipient.id,
      kind: "deal_won",
      title: `Deal won ${tag}`,
      body: "Cantonments 3-bed <sold>",
      link: "/deals",
      actor_id: staffId(),
    });
    const client = await actors.staff.client.from("notifications").insert({
      id: contactId,
      user_id: recipient.id,
      kind: "contact_assigned",
      title: `Contact assigned ${tag}`,
      actor_id: staffId(),
    });
    expect(deal.error).toBeNull();
    expect(client.error).toBeNull();
    probeIds.push(dealId, contactId);
    const queued = (await must(
      service
        .from("outgoing_emails")
        .select("id, to_address, subject, html, notification_id")
        .in("notification_id", probeIds),
      "queue",
    )) as { id: string; to_address: string; subject: string; html: string; notification_id: string }[];
    const queuedIds = queued.map((q) => q.id);
    expect(
      queued.map((q) => q.subject),
      "email_deals on → queued; email_clients off → not",
    ).toEqual([`Deal won ${tag}`]);
    expect(queued[0]!.to_address).toBe(recipient.email);
    expect(queued[0]!.html, "the body is escaped").toContain("&lt;sold&gt;");
    expect(
      await letters(
        "outgoing_emails · select",
        async (a) =>
          ((await a.client.from("outgoing_emails").select("id").in("notification_id", probeIds)).data ?? [])
            .length > 0,
      ),
    ).toBe("NNNNNNN");
    expect(
      await letters(
        "claim_outgoing_emails · rpc",
        async (a) => !(await a.client.rpc("claim_outgoing_emails", { batch_size: 1 })).error,
      ),
    ).toBe("NNNNNNN");
    expect(
      await letters(
        "complete_outgoing_email · rpc",
        async (a) =>
          !(await a.client.rpc("complete_outgoing_email", { email_id: queuedIds[0], delivered: true })).error,
      ),
    ).toBe("NNNNNNN");
  });
});

describe("invoices, invoice_items, tax_rates (own-and-assigned invoices)", () => {
  let invoiceId = "";
  let itemId = "";
  // Drafts have no number: issue_invoice() gives it (tests/rls/invoices-receipts.test.ts).
  beforeAll(async () => {
    invoiceId = (
      (await must(
        service
          .from("invoices")
          .insert({ bill_to_name: `Invoice RLS ${tag}`, owner_id: staffId() })
          .select("id")
          .single(),
        "seed",
      )) as { id: string }
    ).id;
    itemId = (
      (await must(
        service
          .from("invoice_items")
          .insert({ invoice_id: invoiceId, description: "Agency fee", unit_price: 1000 })
          .select("id")
          .single(),
        "item",
      )) as { id: string }
    ).id;
  });

  it("invoices: the owner, the assignee and admins", async () => {
    expect(
      await letters("invoices · select · staff's invoice", (a) => reads(a.client, "invoices", invoiceId)),
    ).toBe("NNYNYNY");
    expect(
      await letters("invoices · insert · owned by oneself", (a, i) =>
        inserts(a.client, "invoices", { bill_to_name: `Invoice RLS ins ${i} ${tag}` }, "bill_to_name"),
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("invoices · update · staff's invoice", (a, i) =>
        updates(a.client, "invoices", invoiceId, { notes: `note ${i} ${tag}` }),
      ),
    ).toBe("NNYNYNY");
    expect(
      // Drafts: their owner and admins delete them (an issued document never: invoices-receipts.test.ts).
      await letters("invoices · delete · staff's draft", (a, i) =>
        deletes(a.client, "invoices", { bill_to_name: `Invoice RLS del ${i} ${tag}`, owner_id: staffId() }),
      ),
    ).toBe("NNYNYNY");
  });

  it("invoice_items follow their invoice", async () => {
    expect(await letters("invoice_items · select", (a) => reads(a.client, "invoice_items", itemId))).toBe(
      "NNYNYNY",
    );
    expect(
      await letters("invoice_items · insert", (a, i) =>
        inserts(
          a.client,
          "invoice_items",
          { invoice_id: invoiceId, description: `Line ${i} ${tag}`, unit_price: 10 },
          "description",
        ),
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("invoice_items · update", (a, i) =>
        updates(a.client, "invoice_items", itemId, { description: `Edited ${i} ${tag}` }),
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("invoice_items · delete", (a, i) =>
        deletes(a.client, "invoice_items", { invoice_id: invoiceId, description: `Del ${i}`, unit_price: 1 }),
      ),
    ).toBe("NNYNYNY");
  });

  it("tax_rates: staff read, admins maintain", async () => {
    expect(
      await letters(
        "tax_rates · select",
        async (a) =>
          ((await a.client.from("tax_rates").select("id").eq("tax_class", "standard")).data ?? []).length > 0,
      ),
    ).toBe("NNYYYNY");
    const probeRate = (name: string, valid_from: string) => ({
      tax_class: "exempt",
      code: "probe",
      name,
      rate: 0.01,
      valid_from,
    });
    const day = (i: number) => String(i + 1).padStart(2, "0");
    expect(
      await letters("tax_rates · insert", (a, i) =>
        inserts(a.client, "tax_rates", probeRate(`Probe levy ${i} ${tag}`, `2099-01-${day(i)}`), "name"),
      ),
    ).toBe("NNNNYNY");
    const probe = (
      (await must(
        service
          .from("tax_rates")
          .insert(probeRate(`Probe edit ${tag}`, "2098-06-01"))
          .select("id")
          .single(),
        "seed",
      )) as { id: string }
    ).id;
    expect(
      await letters("tax_rates · update", (a, i) =>
        updates(a.client, "tax_rates", probe, { name: `Probe edit ${i} ${tag}` }),
      ),
    ).toBe("NNNNYNY");
    expect(
      await letters("tax_rates · delete", (a, i) =>
        deletes(a.client, "tax_rates", probeRate(`Probe del ${i} ${tag}`, `2097-02-${day(i)}`)),
      ),
    ).toBe("NNNNYNY");
  });
});
