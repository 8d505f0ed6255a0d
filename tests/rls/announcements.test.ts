/**
 * Announcements in the database (migration 20261125200100_announcements.sql), judged by what is
 * stored afterwards (read with the secret key): admins write; staff read the live notices of
 * their audience, admins all; a new notice notifies its audience (not its author, not outside
 * the audience); read receipts are written by the reader, only for what they may see, and read
 * by the reader and the author; unread_announcements() is the caller's own unread, live list.
 * Letters per actor: anon · visitor · staff · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Announcements RLS");

const adminId = () => actors.admin.user!.id;
async function seed(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = {
    title: `${title} ${tag}`,
    body: "Details in the **staff room**.",
    audience: "everyone",
    author_id: adminId(),
    ...extra,
  };
  return (
    (await must(service.from("announcements").insert(row).select("id").single(), `seed ${title}`)) as {
      id: string;
    }
  ).id;
}
const sees = async (a: Actor, id: string) =>
  ((await a.client.from("announcements").select("id").eq("id", id)).data ?? []).length === 1;

cleanup.push(async () => {
  await service.from("announcements").delete().like("title", `%${tag}%`);
});

describe("who reads which notice", () => {
  it("everyone's notice: every back-office user; admins' notice: admins; staff's notice: staff and admins; expired: admins only", async () => {
    const all = await seed("Office closed on Farmers' Day");
    const admins = await seed("Board meeting papers", { audience: "admins" });
    const staffOnly = await seed("New commission sheet", { audience: "staff" });
    const expired = await seed("Old notice", { expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect(await letters("announcements · select (everyone)", (a) => sees(a, all))).toBe("NNYYYNY");
    expect(await letters("announcements · select (admins)", (a) => sees(a, admins))).toBe("NNNNYNY");
    expect(await letters("announcements · select (staff)", (a) => sees(a, staffOnly))).toBe("NNYYYNY");
    expect(await letters("announcements · select (expired)", (a) => sees(a, expired))).toBe("NNNNYNY");
  });
});

describe("who writes", () => {
  it("admins only, as themselves", async () => {
    expect(
      await letters("announcements · insert", async (a, i) => {
        const title = `Insert probe ${i} ${tag}`;
        await a.client
          .from("announcements")
          .insert({ title, body: "Hello", audience: "everyone", author_id: a.user?.id });
        return (
          ((await service.from("announcements").select("id").eq("title", title)).data ?? []).length === 1
        );
      }),
    ).toBe("NNNNYNY");
    const forged = await actors.admin.client
      .from("announcements")
      .insert({ title: `Forged ${tag}`, body: "x", author_id: actors.staff.user!.id });
    expect(forged.error?.code, "an admin cannot sign a notice as someone else").toBe("42501");
    const id = await seed("Edit probe");
    expect(
      await letters("announcements · update · pin", async (a) => {
        await must(
          service.from("announcements").update({ pinned: false }).eq("id", id).select("id"),
          "reset",
        );
        await a.client.from("announcements").update({ pinned: true }).eq("id", id);
        return (
          (await must(service.from("announcements").select("pinned").eq("id", id).single(), "read")) as {
            pinned: boolean;
          }
        ).pinned;
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("announcements · delete", async (a, i) => {
        const victim = await seed(`Delete probe ${i}`);
        await a.client.from("announcements").delete().eq("id", victim);
        return ((await service.from("announcements").select("id").eq("id", victim)).data ?? []).length === 0;
      }),
    ).toBe("NNNNYNY");
  });

  it("refuses an expiry in the past through the API, and changes of author", async () => {
    const past = await actors.admin.client
      .from("announcements")
      .insert({ title: `Past ${tag}`, body: "x", expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(past.error?.message).toBe("The expiry must be in the future.");
    const id = await seed("Author probe");
    const moved = await actors.admin.client
      .from("announcements")
      .update({ author_id: actors.admin_mfa_aal2.user!.id } as never)
      .eq("id", id);
    expect(moved.error).not.toBeNull();
    const history = (await must(
      service.from("audit_log").select("action").eq("table_name", "announcements").eq("record_id", id),
      "history",
    )) as unknown[];
    expect(history.length, "announcements are audited").toBeGreaterThan(0);
  });
});

describe("notifying the audience", () => {
  it("a staff notice notifies staff (not admins, not the author); an everyone notice everyone but the author", async () => {
    const ids = {
      staff: actors.staff.user!.id,
      other: actors.other_staff.user!.id,
      admin: adminId(),
      mfa: actors.admin_mfa_aal2.user!.id,
    };
    const { data } = await actors.admin.client
      .from("announcements")
      .insert({ title: `For staff ${tag}`, body: "Bring your **timesheets**.", audience: "staff" })
      .select("id")
      .single();
    const staffNotice = (data as { id: string }).id;
    const recipients = async (id: string) =>
      (await must(
        service.from("notifications").select("id, user_id, kind, link, body").eq("record_id", id),
        "notifications",
      )) as { id: string; user_id: string; kind: string; link: string; body: string }[];
    const toStaff = await recipients(staffNotice);
    const who = new Set(toStaff.map((n) => n.user_id));
    expect(who.has(ids.staff) && who.has(ids.other)).toBe(true);
    expect(who.has(ids.admin) || who.has(ids.mfa)).toBe(false);
    expect(toStaff[0]).toMatchObject({
      kind: "announcement",
      link: `/announcements?id=${staffNotice}`,
      body: "Bring your timesheets.",
    });

    const everyone = (
      await actors.admin.client
        .from("announcements")
        .insert({ title: `For all ${tag}`, body: "x" })
        .select("id")
        .single()
    ).data as { id: string };
    const toAll = new Set((await recipients(everyone.id)).map((n) => n.user_id));
    expect([ids.staff, ids.other, ids.mfa].every((u) => toAll.has(u))).toBe(true);
    expect(toAll.has(ids.admin), "the author is not notified of their own notice").toBe(false);
    // 'announcement' is an operational kind: in-app only, no e-mail copy.
    const notificationIds = (await recipients(everyone.id)).map((n) => n.id);
    expect(notificationIds.length).toBeGreaterThan(2);
    const mails = (await must(
      service.from("outgoing_emails").select("id").in("notification_id", notificationIds),
      "mails",
    )) as unknown[];
    expect(mails).toEqual([]);
  });
});

describe("read receipts", () => {
  it("a reader marks what they may see; the author sees every receipt, others only their own", async () => {
    const all = await seed("Receipt probe");
    const adminsOnly = await seed("Admins receipt probe", { audience: "admins" });
    expect(
      await letters("announcement_reads · insert (everyone's notice)", async (a) => {
        if (a.user)
          await service
            .from("announcement_reads")
            .delete()
            .eq("announcement_id", all)
            .eq("user_id", a.user.id);
        await a.client.from("announcement_reads").insert({ announcement_id: all });
        return (
          !!a.user &&
          (
            (
              await service
                .from("announcement_reads")
                .select("user_id")
                .eq("announcement_id", all)
                .eq("user_id", a.user.id)
            ).data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("announcement_reads · insert (admins' notice)", async (a) => {
        await a.client.from("announcement_reads").insert({ announcement_id: adminsOnly });
        return (
          !!a.user &&
          (
            (
              await service
                .from("announcement_reads")
                .select("user_id")
                .eq("announcement_id", adminsOnly)
                .eq("user_id", a.user.id)
            ).data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNNNYNY");
    // Receipts of `all`: staff, other staff, admin, admin+TOTP have read it (the aal1 session could not).
    expect(
      await letters(
        "announcement_reads · select (count of a notice's receipts)",
        async (a) =>
          (
            (await a.client.from("announcement_reads").select("user_id").eq("announcement_id", all)).data ??
            []
          ).length === 4,
      ),
    ).toBe("NNNNYNN");
    const own = await actors.staff.client
      .from("announcement_reads")
      .select("user_id")
      .eq("announcement_id", all);
    expect(own.data, "a reader sees their own receipt").toEqual([{ user_id: actors.staff.user!.id }]);
    const again = await actors.staff.client
      .from("announcement_reads")
      .upsert({ announcement_id: all }, { onConflict: "announcement_id,user_id", ignoreDuplicates: true });
    expect(again.error, "marking twice is harmless").toBeNull();
    const undo = await actors.staff.client
      .from("announcement_reads")
      .delete()
      .eq("announcement_id", all)
      .select("user_id");
    expect(undo.data ?? [], "a receipt cannot be taken back").toEqual([]);
  });

  it("unread_announcements(): live, the caller's audience, not read, not their own", async () => {
    const fresh = await seed("Unread probe", { pinned: true });
    const forAdmins = await seed("Unread admins probe", { audience: "admins" });
    const unread = async (a: Actor) =>
      new Set(
        ((await must(a.client.rpc("unread_announcements").select("id"), "unread")) as { id: string }[]).map(
          (r) => r.id,
        ),
      );
    const staffUnread = await unread(actors.staff);
    expect(staffUnread.has(fresh) && !staffUnread.has(forAdmins)).toBe(true);
    const adminUnread = await unread(actors.admin_mfa_aal2);
    expect(adminUnread.has(fresh) && adminUnread.has(forAdmins)).toBe(true);
    expect((await unread(actors.admin)).has(fresh), "the author's own notice is not unread for them").toBe(
      false,
    );
    await must(
      actors.staff.client.from("announcement_reads").insert({ announcement_id: fresh }).select("user_id"),
      "read",
    );
    expect((await unread(actors.staff)).has(fresh)).toBe(false);
    expect((await actors.anon.client.rpc("unread_announcements")).error).not.toBeNull();
  });
});
