/**
 * Email marketing's sending in the database,
 * judged by what is stored afterwards (read with the secret key):
 *   - send_campaign_test: one mail to the caller's own address, subject "[Test] …", no recipient
 *     rows, the campaign stays a draft; only the team may;
 *   - schedule_campaign / cancel_campaign_schedule: a draft goes scheduled (a time at least a
 *     minute ahead) and back; the status cannot be set by hand; queue_due_campaigns (secret key
 *     only) queues a due one once, and puts one with nobody to send to back to draft with the reason;
 *   - click tracking: a campaign's links are stored once and its mails point at the edge's click
 *     endpoint, in the HTML and in the plain-text part (core's links.ts rules); record_email_click returns the campaign's own URL for a valid token, and nothing
 *     for a tampered token or another campaign's link; email_campaign_links/clicks are read-only;
 *   - record_email_delivery_event (secret key only): a bounce suppresses the address and marks the
 *     recipient; a complaint also withdraws consent; the next send skips them.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import { describe, expect, it } from "vitest";
import { clickHref, trackTextLinks } from "#core/email-marketing/links.ts";
import { renderMerge } from "#core/email-marketing/merge.ts";
import { SITE, sendingFixture } from "./email-marketing-sending-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, letters, contact, segment, campaign, campaignRow, mailsOf, inAMinute } =
  sendingFixture("Email marketing sending RLS");

describe("send a test to me", () => {
  it("queues one [Test] copy to the caller's own address and records no recipient", async () => {
    const t = `test-${tag}`;
    await contact("Adwoa", t);
    const list = await segment(t);
    expect(
      await letters("send_campaign_test · as the actor", async (a, i) => {
        const c = await campaign(list, `Test by ${i}`);
        const { error } = await a.client.rpc("send_campaign_test", { campaign: c, site_origin: SITE });
        return !error && (await mailsOf(c)).length === 1;
      }),
    ).toBe("NNYYYNY");

    const c = await campaign(list, "Test");
    const address = await must(
      actors.staff.client.rpc("send_campaign_test", { campaign: c, site_origin: SITE }),
      "test send",
    );
    expect(address).toBe(actors.staff.user!.email!.toLowerCase());
    const [mail, ...more] = await mailsOf(c);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to_address: address, kind: "marketing_test" });
    expect(mail!.subject).toMatch(/^\[Test\] Hello /);
    // Links open straight (a test counts no click), and nothing is left for "never twice" to trip on.
    expect(mail!.html).toContain(
      `href="https://ghanarealty.example/listings/east-legon?beds=4&amp;view=map"`,
    );
    expect(
      ((await service.from("email_campaign_recipients").select("id").eq("campaign_id", c)).data ?? []).length,
    ).toBe(0);
    expect((await campaignRow(c)).status).toBe("draft");
  });
});

describe("scheduling", () => {
  it("a draft is scheduled and cancelled through the RPCs only; the status cannot be set by hand", async () => {
    const t = `sched-${tag}`;
    await contact("Yaa", t);
    const list = await segment(t);
    expect(
      // The staff owner's campaign: its owner or an admin schedules it (it reaches the owner's contacts).
      await letters("schedule_campaign · as the actor", async (a, i) => {
        const c = await campaign(list, `Schedule by ${i}`);
        await a.client.rpc("schedule_campaign", { campaign: c, send_at: inAMinute(), site_origin: SITE });
        return (await campaignRow(c)).status === "scheduled";
      }),
    ).toBe("NNYNYNY");

    const c = await campaign(list, "Scheduled");
    const past = await actors.staff.client.rpc("schedule_campaign", {
      campaign: c,
      send_at: new Date(Date.now() - 60_000).toISOString(),
      site_origin: SITE,
    });
    expect(past.error?.message).toBe("Choose a time at least a minute from now");
    expect(
      await letters("email_campaigns · update status to scheduled", async (a) => {
        await a.client
          .from("email_campaigns")
          .update({ status: "scheduled", scheduled_at: inAMinute() })
          .eq("id", c);
        return (await campaignRow(c)).status === "scheduled";
      }),
    ).toBe("NNNNNNN");

    const at = inAMinute(30);
    await must(
      actors.staff.client.rpc("schedule_campaign", { campaign: c, send_at: at, site_origin: SITE }),
      "schedule",
    );
    expect(await campaignRow(c)).toMatchObject({ status: "scheduled" });
    expect(Date.parse((await campaignRow(c)).scheduled_at!)).toBe(Date.parse(at));
    const edit = await actors.staff.client.from("email_campaigns").update({ subject: "Changed" }).eq("id", c);
    expect(edit.error?.message).toBe("This campaign is scheduled: cancel the schedule to change it");
    const now = await actors.staff.client.rpc("queue_campaign", { campaign: c, site_origin: SITE });
    expect(now.error?.message).toBe("This campaign is scheduled: cancel the schedule to send it now");
    expect(
      await letters("cancel_campaign_schedule · as the actor", async (a) => {
        if ((await campaignRow(c)).status !== "scheduled")
          await must(
            actors.staff.client.rpc("schedule_campaign", { campaign: c, send_at: at, site_origin: SITE }),
            "reschedule",
          );
        await a.client.rpc("cancel_campaign_schedule", { campaign: c });
        return (await campaignRow(c)).status === "draft";
      }),
    ).toBe("NNYYYNY");
    expect(await campaignRow(c)).toMatchObject({ status: "draft", scheduled_at: null });
    expect((await mailsOf(c)).length).toBe(0);
  });

  it("queue_due_campaigns (secret key only) sends a due campaign once; one with nobody to send to returns to draft", async () => {
    const t = `due-${tag}`;
    const person = await contact("Kojo", t);
    const list = await segment(t);
    const emptyList = await segment(`nobody-${tag}`);
    // Inserted already due (schedule_campaign only takes future times).
    const due = await campaign(list, "Due", {
      status: "scheduled",
      scheduled_at: new Date(Date.now() - 1000).toISOString(),
      send_origin: SITE,
    });
    const hopeless = await campaign(emptyList, "Hopeless", {
      status: "scheduled",
      scheduled_at: new Date(Date.now() - 1000).toISOString(),
      send_origin: SITE,
    });
    const later = await campaign(list, "Later", {
      status: "scheduled",
      scheduled_at: inAMinute(60),
      send_origin: SITE,
    });

    for (const a of ["anon", "visitor", "staff", "admin_mfa_aal2"] as const) {
      expect((await actors[a].client.rpc("queue_due_campaigns", { max_rows: 50 })).error, a).not.toBeNull();
    }
    const first = (await must(service.rpc("queue_due_campaigns", { max_rows: 50 }), "run")) as {
      campaign_id: string;
      queued: number;
      reason: string | null;
    }[];
    expect(first.find((r) => r.campaign_id === due)).toEqual({ campaign_id: due, queued: 1, reason: null });
    expect(first.find((r) => r.campaign_id === hopeless)?.reason).toBe(
      "Nobody to send to: the list has no consented members who are not suppressed",
    );
    expect(first.some((r) => r.campaign_id === later)).toBe(false);
    const second = (await must(service.rpc("queue_due_campaigns", { max_rows: 50 }), "run again")) as {
      campaign_id: string;
    }[];
    expect(second.some((r) => r.campaign_id === due)).toBe(false);

    expect(await campaignRow(due)).toMatchObject({ status: "sent", scheduled_at: null, recipients_count: 1 });
    expect(await campaignRow(hopeless)).toMatchObject({
      status: "draft",
      scheduled_at: null,
      schedule_error: "Nobody to send to: the list has no consented members who are not suppressed",
    });
    expect((await campaignRow(later)).status).toBe("scheduled");
    expect((await mailsOf(due)).map((m) => m.to_address)).toEqual([person.email]);
    const cancel = await actors.staff.client.rpc("cancel_campaign_schedule", { campaign: due });
    expect(cancel.error?.message).toBe("This campaign has already started sending");
  });
});

describe("click tracking", () => {
  it("mails point at the edge's click endpoint; a click returns only the campaign's own URL", async () => {
    const t = `click-${tag}`;
    const akua = await contact("Akua", t);
    // Merge values are escaped in the HTML part (and only there).
    await must(
      service.from("contacts").update({ city: `Kumasi <b>&"` }).eq("id", akua.id).select("id"),
      "hostile city",
    );
    const list = await segment(t);
    const c = await campaign(list, "Clicks");
    const other = await campaign(list, "Other");
    await must(actors.staff.client.rpc("queue_campaign", { campaign: c, site_origin: SITE }), "queue");
    await must(
      actors.staff.client.rpc("queue_campaign", { campaign: other, site_origin: SITE }),
      "queue other",
    );

    const links = ((
      await service.from("email_campaign_links").select("id, link_no, url").eq("campaign_id", c)
    ).data ?? []) as { id: string; link_no: number; url: string }[];
    // The sentence's full stop is not part of the link.
    expect(links).toEqual([
      {
        id: links[0]!.id,
        link_no: 1,
        url: "https://ghanarealty.example/listings/east-legon?beds=4&view=map",
      },
    ]);
    const [mail] = await mailsOf(c);
    expect(mail!.html).toContain("Viewings in Kumasi &lt;b&gt;&amp;&quot;: <a href=");
    const href =
      /<a href="([^"]+)">https:\/\/ghanarealty\.example\/listings\/east-legon\?beds=4&amp;view=map<\/a>/.exec(
        mail!.html,
      )?.[1];
    expect(href).toBeDefined();
    const url = new URL(href!.replaceAll("&amp;", "&"));
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/api/email/click`);
    expect(url.searchParams.get("l")).toBe(links[0]!.id);
    const token = url.searchParams.get("t")!;
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    // The plain-text part: merge values as written, the same link through the same redirect with
    // the same token (core's rules), and the unsubscribe line left as it is.
    const text = (
      (
        await service
          .from("outgoing_emails")
          .select("text_body")
          .like("dedup_key", `campaign/${c}/%`)
          .single()
      ).data as { text_body: string }
    ).text_body;
    const unsubscribeUrl = /href="([^"]+\/unsubscribe\?token=[^"]+)"/.exec(mail!.html)![1]!;
    const body =
      "Viewings in {{city}}: https://ghanarealty.example/listings/east-legon?beds=4&view=map. See you!";
    expect(text).toBe(
      `${trackTextLinks(renderMerge(body, { first_name: "Akua", last_name: "Boateng", city: `Kumasi <b>&"`, email: akua.email }), links, (id) => clickHref(SITE, id, token))}\n\n--\nUnsubscribe: ${unsubscribeUrl}`,
    );
    expect(text).toContain(`Kumasi <b>&": ${SITE}/api/email/click?l=${links[0]!.id}&t=${token}. See you!`);
    expect(text).not.toContain("https://ghanarealty.example/listings");

    const otherLink = (
      (await service.from("email_campaign_links").select("id").eq("campaign_id", other).single()).data as {
        id: string;
      }
    ).id;
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(
      (await actors.anon.client.rpc("record_email_click", { link: links[0]!.id, token: tampered })).data,
    ).toBeNull();
    expect((await actors.anon.client.rpc("record_email_click", { link: otherLink, token })).data).toBeNull();
    // The unsubscribe token of the same recipient is no click token.
    const unsubscribeToken = /unsubscribe\?token=([^"&]+)/.exec(mail!.html)![1]!;
    expect(
      (await actors.anon.client.rpc("record_email_click", { link: links[0]!.id, token: unsubscribeToken }))
        .data,
    ).toBeNull();
    expect(
      ((await service.from("email_campaign_clicks").select("clicks").eq("link_id", links[0]!.id)).data ?? [])
        .length,
    ).toBe(0);

    expect((await actors.anon.client.rpc("record_email_click", { link: links[0]!.id, token })).data).toBe(
      links[0]!.url,
    );
    expect((await actors.anon.client.rpc("record_email_click", { link: links[0]!.id, token })).data).toBe(
      links[0]!.url,
    );
    expect(
      (await service.from("email_campaign_clicks").select("clicks").eq("link_id", links[0]!.id)).data,
    ).toEqual([{ clicks: 2 }]);
    const figures = (await must(
      actors.staff.client.rpc("email_campaign_figures", { campaign: c }),
      "figures",
    )) as { clicked: number; recipients: number }[];
    expect(figures[0]).toMatchObject({ recipients: 1, clicked: 1 });

    expect(
      await letters(
        "email_campaign_links · select",
        async (a) =>
          ((await a.client.from("email_campaign_links").select("id").eq("campaign_id", c)).data ?? [])
            .length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters(
        "email_campaign_clicks · select",
        async (a) =>
          (
            (await a.client.from("email_campaign_clicks").select("clicks").eq("link_id", links[0]!.id))
              .data ?? []
          ).length === 1,
      ),
      // A recipient's clicks show to whom may see the recipient's contact (the other agent may not).
    ).toBe("NNYNYNY");
    expect(
      await letters("email_campaign_links · insert", async (a, i) => {
        await a.client
          .from("email_campaign_links")
          .insert({ campaign_id: c, link_no: 10 + i, url: `https://evil.example/${i}` });
        return (
          ((await service.from("email_campaign_links").select("id").eq("campaign_id", c)).data ?? []).length >
          1
        );
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("email_campaign_clicks · update", async (a) => {
        await a.client.from("email_campaign_clicks").update({ clicks: 99 }).eq("link_id", links[0]!.id);
        return (
          (
            (
              await service
                .from("email_campaign_clicks")
                .select("clicks")
                .eq("link_id", links[0]!.id)
                .single()
            ).data as { clicks: number }
          ).clicks === 99
        );
      }),
    ).toBe("NNNNNNN");
  });
});

describe("bounces and complaints", () => {
  it("suppress the address, mark the recipient, and (a complaint) withdraw consent; only the secret key records them", async () => {
    const t = `bounce-${tag}`;
    const bouncing = await contact("Fiifi", t);
    const complaining = await contact("Esi", t);
    const staying = await contact("Nana", t);
    const list = await segment(t);
    const c = await campaign(list, "Bounces");
    await must(actors.staff.client.rpc("queue_campaign", { campaign: c, site_origin: SITE }), "queue");

    for (const a of ["anon", "visitor", "staff", "admin_mfa_aal2"] as const) {
      expect(
        (
          await actors[a].client.rpc("record_email_delivery_event", {
            event: "bounced",
            address: bouncing.email,
          })
        ).error,
        a,
      ).not.toBeNull();
    }
    expect(
      ((await service.from("email_suppressions").select("email").eq("email", bouncing.email)).data ?? [])
        .length,
    ).toBe(0);
    expect(
      (await service.rpc("record_email_delivery_event", { event: "opened", address: bouncing.email })).error
        ?.message,
    ).toBe("Unknown delivery event: opened");

    expect(
      (
        await service.rpc("record_email_delivery_event", {
          event: "bounced",
          address: bouncing.email.toUpperCase(),
        })
      ).data,
    ).toBe(true);
    expect(
      (await service.rpc("record_email_delivery_event", { event: "complained", address: complaining.email }))
        .data,
    ).toBe(true);
    expect(
      (
        await service
          .from("email_suppressions")
          .select("email, reason, campaign_id")
          .in("email", [bouncing.email, complaining.email])
          .order("reason")
      ).data,
    ).toEqual([
      { email: bouncing.email, reason: "bounced", campaign_id: c },
      { email: complaining.email, reason: "complained", campaign_id: c },
    ]);
    const recipients = ((
      await service
        .from("email_campaign_recipients")
        .select("email, bounced_at, complained_at")
        .eq("campaign_id", c)
    ).data ?? []) as { email: string; bounced_at: string | null; complained_at: string | null }[];
    expect(recipients.find((r) => r.email === bouncing.email)?.bounced_at).not.toBeNull();
    expect(recipients.find((r) => r.email === complaining.email)?.complained_at).not.toBeNull();
    expect(recipients.find((r) => r.email === staying.email)).toMatchObject({
      bounced_at: null,
      complained_at: null,
    });
    const consent = async (id: string) =>
      (
        (await service.from("contacts").select("marketing_consent").eq("id", id).single()).data as {
          marketing_consent: boolean;
        }
      ).marketing_consent;
    expect(await consent(complaining.id)).toBe(false);
    expect(await consent(bouncing.id)).toBe(true);
    // A later complaint about the bounced address outranks the bounce.
    await must(
      service.rpc("record_email_delivery_event", { event: "complained", address: bouncing.email }),
      "complaint after bounce",
    );
    expect(
      (
        (await service.from("email_suppressions").select("reason").eq("email", bouncing.email).single())
          .data as { reason: string }
      ).reason,
    ).toBe("complained");
    const figures = (await must(
      actors.staff.client.rpc("email_campaign_figures", { campaign: c }),
      "figures",
    )) as { bounced: number; recipients: number }[];
    expect(figures[0]).toMatchObject({ recipients: 3, bounced: 1 });

    // The next send skips both.
    const next = await campaign(list, "After bounces");
    expect(
      await must(actors.staff.client.rpc("queue_campaign", { campaign: next, site_origin: SITE }), "next"),
    ).toBe(1);
    expect((await mailsOf(next)).map((m) => m.to_address)).toEqual([staying.email]);
  });
});
