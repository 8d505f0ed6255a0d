/**
 * Events in the database (migration 20261125200200_events.sql), judged by what is stored
 * afterwards (read with the secret key): the company calendar follows record-level access of
 * module 'events' (company-wide by default; in 'own' mode staff see what they organise or
 * attend); editors invite, a colleague answers only for themselves; a viewing names its
 * property; event_conflicts() applies core's findConflicts rule; a calendar feed's token is
 * returned once, stored hashed (never readable, never in the audit log), served only to the
 * secret key, and revocable.
 * Letters per actor: anon · visitor · staff (organiser) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { findConflicts, type Commitment } from "#core/events/event-schema.ts";
import { must, type Actor } from "./support.ts";
import { recordPath } from "#core/records/record-links.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Events RLS");

const staffId = () => actors.staff.user!.id;
const day = 86_400_000;
// Far in the future, at a time of its own, so other files' events never clash with these.
const base = Date.parse("2031-03-03T00:00:00Z") + (parseInt(tag.slice(0, 4), 16) % 500) * day;
const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();

async function seedEvent(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = {
    title: `${title} ${tag}`,
    kind: "meeting",
    starts_at: at(9),
    ends_at: at(10),
    owner_id: staffId(),
    ...extra,
  };
  return (
    (await must(service.from("events").insert(row).select("id").single(), `seed ${title}`)) as { id: string }
  ).id;
}
async function setMode(mode: "own" | "all") {
  await must(
    service.from("module_access").update({ mode }).eq("module", "events").select(),
    "set events mode",
  );
}
const sees = async (a: Actor, id: string) =>
  ((await a.client.from("events").select("id").eq("id", id)).data ?? []).length === 1;

cleanup.push(async () => {
  await setMode("all");
  await service.from("events").delete().like("title", `%${tag}%`);
});

describe("events", () => {
  it("company-wide by default; in 'own' mode the organiser, attendees and admins", async () => {
    const id = await seedEvent("Sales meeting");
    expect(await letters("events · select (mode all)", (a) => sees(a, id))).toBe("NNYYYNY");
    await setMode("own");
    try {
      expect(await letters("events · select (mode own)", (a) => sees(a, id))).toBe("NNYNYNY");
      await must(
        service
          .from("event_attendees")
          .insert({ event_id: id, user_id: actors.other_staff.user!.id })
          .select("id"),
        "invite",
      );
      expect(await sees(actors.other_staff, id), "an attendee sees the event").toBe(true);
      expect(
        await letters("events · update (mode own)", async (a, i) => {
          await a.client
            .from("events")
            .update({ location: `Room ${i}` })
            .eq("id", id);
          return (
            (
              (await must(service.from("events").select("location").eq("id", id).single(), "read")) as {
                location: string;
              }
            ).location === `Room ${i}`
          );
        }),
      ).toBe("NNYNYNY");
    } finally {
      await setMode("all");
    }
  });

  it("staff create events they organise; admins and organisers delete them", async () => {
    expect(
      await letters("events · insert (own)", async (a, i) => {
        const title = `Insert probe ${i} ${tag}`;
        await a.client
          .from("events")
          .insert({ title, starts_at: at(11), ends_at: at(12), owner_id: a.user?.id });
        return ((await service.from("events").select("id").eq("title", title)).data ?? []).length === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("events · delete (staff's event)", async (a, i) => {
        const victim = await seedEvent(`Delete probe ${i}`);
        await a.client.from("events").delete().eq("id", victim);
        return ((await service.from("events").select("id").eq("id", victim)).data ?? []).length === 0;
      }),
    ).toBe("NNYNYNY");
  });

  it("refuses what is not an event: an end before the start, a viewing without its property", async () => {
    const staff = actors.staff.client;
    expect(
      (await staff.from("events").insert({ title: `Backwards ${tag}`, starts_at: at(10), ends_at: at(9) }))
        .error?.message,
    ).toMatch(/events_ends_after_start/);
    expect(
      (
        await staff
          .from("events")
          .insert({ title: `Viewing ${tag}`, kind: "viewing", starts_at: at(9), ends_at: at(10) })
      ).error?.message,
    ).toBe("A viewing needs the property being viewed.");
    expect(
      (
        await staff
          .from("events")
          .insert({ title: `Marathon ${tag}`, starts_at: at(0), ends_at: at(24 * 40) })
      ).error?.message,
    ).toMatch(/events_not_too_long/);
  });
});

describe("attendees", () => {
  it("editors invite; the invited colleague is notified and answers for themselves only", async () => {
    const id = await seedEvent("Open house briefing");
    expect(
      await letters("event_attendees · insert (invite other staff)", async (a) => {
        await service.from("event_attendees").delete().eq("event_id", id);
        await a.client.from("event_attendees").insert({ event_id: id, user_id: actors.other_staff.user!.id });
        return (
          ((await service.from("event_attendees").select("id").eq("event_id", id)).data ?? []).length === 1
        );
      }),
    ).toBe("NNYYYNY");
    const note = (await must(
      service
        .from("notifications")
        .select("kind, link")
        .eq("user_id", actors.other_staff.user!.id)
        .eq("record_id", id),
      "notified",
    )) as { kind: string; link: string }[];
    expect(note[0]).toEqual({ kind: "event_invited", link: recordPath("events", id) });

    const invitation = (
      (await must(service.from("event_attendees").select("id").eq("event_id", id).single(), "row")) as {
        id: string;
      }
    ).id;
    expect(
      await letters("event_attendees · update · response (other staff's invitation)", async (a) => {
        await must(
          service.from("event_attendees").update({ response: "pending" }).eq("id", invitation).select("id"),
          "reset",
        );
        await a.client.from("event_attendees").update({ response: "accepted" }).eq("id", invitation);
        return (
          (
            (await must(
              service.from("event_attendees").select("response").eq("id", invitation).single(),
              "read",
            )) as { response: string }
          ).response === "accepted"
        );
      }),
    ).toBe("NNNYNNN");
    const organiser = await actors.staff.client
      .from("event_attendees")
      .update({ response: "declined" })
      .eq("id", invitation);
    expect(organiser.error?.code, "the organiser gets the reason").toBe("42501");
    await must(
      actors.other_staff.client
        .from("event_attendees")
        .update({ response: "tentative" })
        .eq("id", invitation)
        .select("id"),
      "answer",
    );
    const row = (await must(
      service.from("event_attendees").select("response, responded_at").eq("id", invitation).single(),
      "read",
    )) as { response: string; responded_at: string | null };
    expect(row.response).toBe("tentative");
    expect(row.responded_at, "answered: stamped").not.toBeNull();
  });
});

describe("conflicts", () => {
  it("the database warns of exactly the clashes core's findConflicts finds", async () => {
    const yaw = actors.other_staff.user!.id;
    const rows: Array<{ hours: [number, number]; status?: string; response?: string }> = [
      { hours: [100, 101] },
      { hours: [101, 102] },
      { hours: [100.5, 103] },
      { hours: [99, 100] },
      { hours: [100, 101], status: "cancelled" },
      { hours: [100, 101], response: "declined" },
    ];
    const commitments: Commitment[] = [];
    for (const [i, r] of rows.entries()) {
      const id = await seedEvent(`Conflict ${i}`, {
        starts_at: at(r.hours[0]),
        ends_at: at(r.hours[1]),
        status: r.status ?? "scheduled",
      });
      await must(
        service
          .from("event_attendees")
          .insert({ event_id: id, user_id: yaw, response: r.response ?? "accepted" })
          .select("id"),
        "attend",
      );
      commitments.push({
        attendee: yaw,
        eventId: id,
        start: at(r.hours[0]),
        end: at(r.hours[1]),
        status: (r.status ?? "scheduled") as Commitment["status"],
        response: (r.response ?? "accepted") as Commitment["response"],
      });
    }
    for (const [from, to, exclude] of [
      [100, 101, null],
      [100.25, 100.75, null],
      [101, 102, commitments[1]!.eventId],
      [98, 99, null],
      [95, 110, null],
    ] as const) {
      const expected = findConflicts(
        { start: at(from), end: at(to), eventId: exclude, attendees: [yaw] },
        commitments,
      )
        .map((c) => c.eventId)
        .sort();
      const got = (
        (await must(
          actors.staff.client.rpc("event_conflicts", {
            window_start: at(from),
            window_end: at(to),
            attendee_user_ids: [yaw],
            exclude_event: exclude,
          }),
          "conflicts",
        )) as { event_id: string }[]
      )
        .map((r) => r.event_id)
        .sort();
      expect(got, `[${from}, ${to})`).toEqual(expected);
    }
    expect(
      (
        await actors.visitor.client.rpc("event_conflicts", {
          window_start: at(100),
          window_end: at(101),
          attendee_user_ids: [yaw],
        })
      ).error?.code,
    ).toBe("42501");
  });
});

describe("calendar feeds", () => {
  const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

  it("the token is returned once and stored only as its SHA-256, never readable nor in the history", async () => {
    const staff = actors.staff.client;
    const token = (await must(staff.rpc("create_calendar_feed"), "create")) as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await must(
      service.from("calendar_feeds").select("token_hash").eq("user_id", staffId()).single(),
      "stored",
    )) as { token_hash: string };
    expect(stored.token_hash).toBe(sha256(token));
    expect(
      (await staff.from("calendar_feeds").select("token_hash")).error,
      "the hash is not a column clients may read",
    ).not.toBeNull();
    expect((await staff.from("calendar_feeds").select("user_id, created_at")).data).toHaveLength(1);
    const history = JSON.stringify(
      await must(
        service
          .from("audit_log")
          .select("changes")
          .eq("table_name", "calendar_feeds")
          .eq("record_id", staffId()),
        "history",
      ),
    );
    expect(history).toContain(staffId());
    expect(history).not.toContain(stored.token_hash);
    expect(history).not.toContain("token_hash");
    expect(
      await letters(
        "rpc create_calendar_feed",
        async (a) => typeof (await a.client.rpc("create_calendar_feed")).data === "string",
      ),
    ).toBe("NNYYYNY");
  });

  it("serves the owner's events to the secret key only, and stops when revoked", async () => {
    const staff = actors.staff.client;
    const token = (await must(staff.rpc("create_calendar_feed"), "create")) as string;
    const mine = await seedEvent("Feed probe", {
      starts_at: new Date(Date.now() + 3 * day).toISOString(),
      ends_at: new Date(Date.now() + 3 * day + 3_600_000).toISOString(),
    });
    const feed = (await must(
      service.rpc("calendar_feed_events", { feed_token_hash: sha256(token) }),
      "feed",
    )) as { owner: { id: string }; events: Array<{ id: string }> };
    expect(feed.owner.id).toBe(staffId());
    expect(feed.events.map((e) => e.id)).toContain(mine);
    expect(
      (await staff.rpc("calendar_feed_events", { feed_token_hash: sha256(token) })).error,
      "users cannot call the edge's RPC",
    ).not.toBeNull();
    expect((await service.rpc("calendar_feed_events", { feed_token_hash: sha256("guess") })).data).toBeNull();

    const renewed = (await must(staff.rpc("create_calendar_feed"), "renew")) as string;
    expect(
      (await service.rpc("calendar_feed_events", { feed_token_hash: sha256(token) })).data,
      "a new token ends the old one",
    ).toBeNull();
    expect(await must(staff.rpc("revoke_calendar_feed"), "revoke")).toBe(true);
    expect(
      (await service.rpc("calendar_feed_events", { feed_token_hash: sha256(renewed) })).data,
      "revoked",
    ).toBeNull();
  });
});
