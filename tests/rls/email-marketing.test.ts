/**
 * Email marketing in the database (migration 20261125500300_email_marketing.sql), judged by what
 * is stored afterwards (read with the secret key):
 *   - lists, templates and campaigns are team records (module email_marketing, 'all' by default);
 *     people without a back-office role get nothing; recipients are written only by queue_campaign;
 *   - only consenting contacts can be on a static list;
 *   - queue_campaign: consented, unsuppressed addresses once each (a second call queues nothing),
 *     with List-Unsubscribe + List-Unsubscribe-Post on every mail; a list without consenting
 *     members is refused;
 *   - unsubscribe(token): a valid token suppresses the address and withdraws consent; a tampered
 *     token changes nothing; the next campaign skips the address;
 *   - the suppression list: team members add by hand, only admins lift.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import { describe, expect, it } from "vitest";
import { SITE, sendingFixture } from "./email-marketing-sending-fixture.ts";
import { must } from "./support.ts";

const fx = sendingFixture("Email marketing RLS");
const { service, tag, actors, letters } = fx;

const count = async (table: string, column: string, value: string) =>
  ((await service.from(table).select(column).eq(column, value)).data ?? []).length;

async function contact(
  first: string,
  consent: boolean,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; email: string }> {
  const email = `${first.toLowerCase()}.${tag}@example.com`;
  const row = (await must(
    service
      .from("contacts")
      .insert({
        first_name: first,
        last_name: "Mensah",
        email,
        city: "Tema",
        tags: [`em-${tag}`],
        owner_id: actors.staff.user!.id,
        marketing_consent: consent,
        consent_status: consent ? "given" : "unknown",
        consent_at: consent ? new Date().toISOString() : null,
        ...extra,
      })
      .select("id")
      .single(),
    `seed ${first}`,
  )) as { id: string };
  return { id: row.id, email };
}

async function segment(name: string, tagName = `em-${tag}`): Promise<string> {
  return (
    (await must(
      service
        .from("email_lists")
        .insert({
          name: `${name} ${tag}`,
          kind: "segment",
          filter: { tags: [tagName] },
          owner_id: actors.staff.user!.id,
        })
        .select("id")
        .single(),
      "seed list",
    )) as { id: string }
  ).id;
}

const campaign = (listId: string, name: string) =>
  fx.campaign(listId, name, { body: "New homes in {{city}} for {{full_name}}" });

describe("lists, templates, campaigns", () => {
  it("are the team's records; people without a role get nothing", async () => {
    expect(
      await letters("email_lists · insert", async (a, i) => {
        await a.client.from("email_lists").insert({ name: `List ${i} ${tag}`, owner_id: a.user?.id ?? null });
        return (await count("email_lists", "name", `List ${i} ${tag}`)) === 1;
      }),
    ).toBe("NNYYYNY");
    const list = await segment("Readable");
    expect(
      await letters(
        "email_lists · select",
        async (a) =>
          ((await a.client.from("email_lists").select("id").eq("id", list)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("email_templates · insert", async (a, i) => {
        await a.client.from("email_templates").insert({
          name: `Template ${i} ${tag}`,
          subject: "Hi",
          body: "Hello {{first_name}}",
          owner_id: a.user?.id ?? null,
        });
        return (await count("email_templates", "name", `Template ${i} ${tag}`)) === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("email_campaigns · insert (draft)", async (a, i) => {
        await a.client.from("email_campaigns").insert({
          name: `Campaign ${i} ${tag}`,
          list_id: list,
          subject: "Hi",
          body: "Hello",
          owner_id: a.user?.id ?? null,
        });
        return (await count("email_campaigns", "name", `Campaign ${i} ${tag}`)) === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("email_campaigns · insert (already sent)", async (a, i) => {
        await a.client.from("email_campaigns").insert({
          name: `Forged ${i} ${tag}`,
          list_id: list,
          subject: "Hi",
          body: "Hello",
          status: "sent",
          owner_id: a.user?.id ?? null,
        });
        return (await count("email_campaigns", "name", `Forged ${i} ${tag}`)) === 1;
      }),
    ).toBe("NNNNNNN");
    const draft = await campaign(list, "Marked");
    expect(
      await letters("email_campaigns · update status to sent", async (a) => {
        await a.client.from("email_campaigns").update({ status: "sent" }).eq("id", draft);
        return (
          (
            (await service.from("email_campaigns").select("status").eq("id", draft).single()).data as {
              status: string;
            }
          ).status === "sent"
        );
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("email_campaign_recipients · insert", async (a) => {
        await a.client
          .from("email_campaign_recipients")
          .insert({ campaign_id: draft, email: `forged.${tag}@example.com` });
        return (await count("email_campaign_recipients", "campaign_id", draft)) > 0;
      }),
    ).toBe("NNNNNNN");
  });

  it("a static list takes only consenting contacts", async () => {
    const list = (
      (await must(
        service
          .from("email_lists")
          .insert({ name: `Static ${tag}`, kind: "static", owner_id: actors.staff.user!.id })
          .select("id")
          .single(),
        "list",
      )) as { id: string }
    ).id;
    const yes = await contact("Akosua", true);
    const no = await contact("Kwabena", false);
    await must(
      actors.staff.client
        .from("email_list_members")
        .insert({ list_id: list, contact_id: yes.id, added_by: actors.staff.user!.id })
        .select("list_id"),
      "add consenting",
    );
    const refused = await actors.staff.client
      .from("email_list_members")
      .insert({ list_id: list, contact_id: no.id, added_by: actors.staff.user!.id });
    expect(refused.error?.message).toBe(
      "This contact has not given marketing consent: only consenting contacts can be on a marketing list",
    );
  });
});

describe("sending and unsubscribing", () => {
  it("queues consenting, unsuppressed addresses once each with one-click headers; refuses an empty audience", async () => {
    const t = `send-${tag}`;
    const a = await contact("Efua", true, { tags: [t] });
    await contact("Yaw", false, { tags: [t] });
    const suppressed = await contact("Kofi", true, { tags: [t] });
    await contact("Efua2", true, { tags: [t], email: a.email.toUpperCase() }).catch(() => null); // same address, other case: still once
    await must(
      service
        .from("email_suppressions")
        .insert({ email: suppressed.email, reason: "bounced" })
        .select("email"),
      "suppress",
    );
    const list = await segment("Send", t);
    const id = await campaign(list, "Send");

    expect(
      // The staff owner's campaign: its owner or an admin sends it (it reaches the owner's contacts).
      await letters("queue_campaign · as the actor (fresh draft each)", async (x, i) => {
        const c = await campaign(list, `Send by ${i}`);
        const { error } = await x.client.rpc("queue_campaign", { campaign: c, site_origin: SITE });
        return !error;
      }),
    ).toBe("NNYNYNY");

    const queued = await must(
      actors.staff.client.rpc("queue_campaign", { campaign: id, site_origin: SITE }),
      "queue",
    );
    expect(queued).toBe(1);
    const again = await actors.staff.client.rpc("queue_campaign", { campaign: id, site_origin: SITE });
    expect(again.error?.message).toBe("This campaign was already sent");
    const mails = ((
      await service
        .from("outgoing_emails")
        .select("to_address, subject, html, text_body, headers, kind")
        .like("dedup_key", `campaign/${id}/%`)
    ).data ?? []) as {
      to_address: string;
      subject: string;
      html: string;
      text_body: string;
      headers: Record<string, string>;
      kind: string;
    }[];
    expect(mails.map((m) => m.to_address)).toEqual([a.email]);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ subject: "Hello Efua", kind: "marketing" });
    expect(mail.text_body).toMatch(/^New homes in Tema for Efua Mensah/);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(.+)>$/.exec(mail.headers["List-Unsubscribe"]!)![1]!;
    expect(url).toMatch(new RegExp(`^${SITE}/unsubscribe\\?token=[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain(`href="${url}"`);

    // A tampered token changes nothing; the real one suppresses and withdraws consent.
    const token = new URL(url).searchParams.get("token")!;
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await actors.anon.client.rpc("unsubscribe", { token: tampered })).data).toBe(false);
    expect((await actors.anon.client.rpc("unsubscribe_address", { token: tampered })).data).toBeNull();
    expect(await count("email_suppressions", "email", a.email)).toBe(0);
    expect((await actors.anon.client.rpc("unsubscribe_address", { token })).data).toBe(`e•••@example.com`);
    expect((await actors.anon.client.rpc("unsubscribe", { token })).data).toBe(true);
    expect(
      (
        (await service.from("email_suppressions").select("reason").eq("email", a.email).single()).data as {
          reason: string;
        }
      ).reason,
    ).toBe("unsubscribed");
    expect(
      (
        (await service.from("contacts").select("marketing_consent").eq("id", a.id).single()).data as {
          marketing_consent: boolean;
        }
      ).marketing_consent,
    ).toBe(false);
    const figures = (await must(
      actors.staff.client.rpc("email_campaign_figures", { campaign: id }),
      "figures",
    )) as { recipients: number; unsubscribed: number }[];
    expect(figures[0]).toMatchObject({ recipients: 1, unsubscribed: 1 });

    // The next campaign to the same list has nobody left.
    const next = await campaign(list, "Next");
    const empty = await actors.staff.client.rpc("queue_campaign", { campaign: next, site_origin: SITE });
    expect(empty.error?.message).toBe(
      "Nobody to send to: the list has no consented members who are not suppressed",
    );
  });

  it("the suppression list: team members add by hand, only admins lift", async () => {
    expect(
      await letters("email_suppressions · insert (manual)", async (a, i) => {
        const email = `manual${i}.${tag}@example.com`;
        await a.client
          .from("email_suppressions")
          .insert({ email, reason: "manual", added_by: a.user?.id ?? null });
        return (await count("email_suppressions", "email", email)) === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("email_suppressions · delete (lift)", async (a, i) => {
        const email = `lift${i}.${tag}@example.com`;
        await must(
          service.from("email_suppressions").insert({ email, reason: "unsubscribed" }).select("email"),
          "seed",
        );
        await a.client.from("email_suppressions").delete().eq("email", email);
        return (await count("email_suppressions", "email", email)) === 0;
      }),
    ).toBe("NNNNYNY");
  });
});
