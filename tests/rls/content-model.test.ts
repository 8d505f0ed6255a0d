/**
 * RLS of the public content model (migration 20261121000300_content_model.sql), per actor:
 * visitors read only published listings/posts; staff and admins (at the AAL their factors
 * require) manage them; form inboxes take no insert from any API role (only the worker's
 * secret key) and are read/worked by staff, deleted by admins; the property-images bucket is
 * public to read, staff-only to write. Judged by what is in the database afterwards.
 * Letters per actor in order anon · visitor · staff · admin · admin+TOTP aal1 · admin+TOTP aal2.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceClient } from "../support/supabase.ts";
import { createActors, deleteActors, sixActorRow, type Actor, type ActorName } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let actors: Record<ActorName, Actor>;
let draftId = "";
let publishedId = "";
const cleanup: Array<() => PromiseLike<unknown>> = [];

const listing = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `RLS test listing ${slug}`,
  property_type: "house",
  listing_type: "sale",
  price: 100000,
  currency: "GHS",
  city: "Accra",
  ...extra,
});

beforeAll(async () => {
  actors = await createActors();
  const d = await service
    .from("properties")
    .insert(listing(`rls-draft-${tag}`, { status: "draft" }))
    .select("id")
    .single();
  const p = await service
    .from("properties")
    .insert(
      listing(`rls-live-${tag}`, {
        status: "available",
        published_at: new Date(Date.now() - 60_000).toISOString(),
      }),
    )
    .select("id")
    .single();
  expect(d.error).toBeNull();
  expect(p.error).toBeNull();
  draftId = (d.data as { id: string }).id;
  publishedId = (p.data as { id: string }).id;
  cleanup.push(() => service.from("properties").delete().like("slug", `%-${tag}%`));
  cleanup.push(() => service.from("blog_posts").delete().like("slug", `%-${tag}%`));
}, 60_000);

afterAll(async () => {
  for (const c of cleanup) await c();
  await deleteActors(actors);
});

const row = (probe: (a: Actor, i: number) => Promise<boolean>) => sixActorRow(actors, probe);

describe("properties", () => {
  it("published listings: everyone reads", async () => {
    expect(
      await row(
        async (a) =>
          ((await a.client.from("properties").select("id").eq("id", publishedId)).data ?? []).length === 1,
      ),
    ).toBe("YYYYYY");
  });
  it("drafts: staff and admins only (at the required AAL)", async () => {
    expect(
      await row(
        async (a) =>
          ((await a.client.from("properties").select("id").eq("id", draftId)).data ?? []).length === 1,
      ),
    ).toBe("NNYYNY");
  });
  it("insert: staff and admins", async () => {
    expect(
      await row(async (a, i) => {
        const slug = `rls-ins-${i}-${tag}`;
        await a.client.from("properties").insert(listing(slug));
        return ((await service.from("properties").select("id").eq("slug", slug)).data ?? []).length === 1;
      }),
    ).toBe("NNYYNY");
  });
  it("update: staff and admins", async () => {
    expect(
      await row(async (a, i) => {
        const title = `Updated by actor ${i} ${tag}`;
        await a.client.from("properties").update({ title }).eq("id", publishedId);
        return (
          (await service.from("properties").select("title").eq("id", publishedId).single()).data?.title ===
          title
        );
      }),
    ).toBe("NNYYNY");
  });
});

describe("blog posts", () => {
  it("scheduled (future) and draft posts are invisible to visitors", async () => {
    const ins = await service
      .from("blog_posts")
      .insert([
        {
          slug: `rls-future-${tag}`,
          title: "Future post",
          status: "scheduled",
          published_at: new Date(Date.now() + 86_400_000).toISOString(),
        },
        {
          slug: `rls-past-${tag}`,
          title: "Past post",
          status: "published",
          published_at: new Date(Date.now() - 86_400_000).toISOString(),
        },
      ])
      .select("id,slug");
    expect(ins.error).toBeNull();
    const future = (ins.data as { id: string; slug: string }[]).find((r) =>
      r.slug.startsWith("rls-future"),
    )!.id;
    const past = (ins.data as { id: string; slug: string }[]).find((r) => r.slug.startsWith("rls-past"))!.id;
    expect(
      await row(
        async (a) =>
          ((await a.client.from("blog_posts").select("id").eq("id", future)).data ?? []).length === 1,
      ),
    ).toBe("NNYYNY");
    expect(
      await row(
        async (a) =>
          ((await a.client.from("blog_posts").select("id").eq("id", past)).data ?? []).length === 1,
      ),
    ).toBe("YYYYYY");
  });
});

describe.each(["contact_submissions", "consultations", "bookings", "property_requests"] as const)(
  "%s",
  (table) => {
    const sample: Record<string, Record<string, unknown>> = {
      contact_submissions: { message: "Hello from the RLS test" },
      consultations: {
        service: "property-valuation",
        preferred_date: "2030-01-07",
        time_slot: "10:00",
        starts_at: "2030-01-07T10:00:00Z",
        phone: "+233244123456",
      },
      bookings: {
        preferred_date: "2030-01-07",
        time_slot: "11:00",
        starts_at: "2030-01-07T11:00:00Z",
        phone: "+233244123456",
      },
      property_requests: {
        listing_type: "rent",
        property_type: "apartment",
        locations: ["Osu"],
        budget_max: 5000,
        timeline: "flexible",
        phone: "+233244123456",
      },
    };
    const base = () => ({
      full_name: "RLS Tester",
      email: `rls-${tag}@tests.example`,
      consent_at: new Date().toISOString(),
      ...sample[table],
    });

    it("no API role inserts (only the worker's secret key)", async () => {
      expect(
        await row(async (a) => {
          const marker = `rls-${crypto.randomUUID()}@tests.example`;
          const { error } = await a.client.from(table).insert({ ...base(), email: marker });
          const stored =
            ((await service.from(table).select("id").eq("email", marker)).data ?? []).length === 1;
          if (!stored) expect(error?.code, `${a.name} insert into ${table}`).toBe("42501");
          return stored;
        }),
      ).toBe("NNNNNN");
    });

    it("staff read and work the inbox; admins delete", async () => {
      const ins = await service.from(table).insert(base()).select("id").single();
      expect(ins.error).toBeNull();
      const id = (ins.data as { id: string }).id;
      cleanup.push(() => service.from(table).delete().eq("id", id));
      expect(
        await row(
          async (a) => ((await a.client.from(table).select("id").eq("id", id)).data ?? []).length === 1,
        ),
      ).toBe("NNYYNY");
      expect(
        // Working a record: taking it (internal notes moved to inbox_notes).
        await row(async (a) => {
          if (!a.user) return false;
          await a.client.from(table).update({ assignee_id: a.user.id }).eq("id", id);
          return (
            (await service.from(table).select("assignee_id").eq("id", id).single()).data?.assignee_id ===
            a.user.id
          );
        }),
      ).toBe("NNYYNY");
      // Delete: try each actor on its own row.
      expect(
        await row(async (a) => {
          const r = await service.from(table).insert(base()).select("id").single();
          const rid = (r.data as { id: string }).id;
          await a.client.from(table).delete().eq("id", rid);
          const gone = ((await service.from(table).select("id").eq("id", rid)).data ?? []).length === 0;
          if (!gone) await service.from(table).delete().eq("id", rid);
          return gone;
        }),
      ).toBe("NNNYNY");
    });
  },
);

describe("property-images bucket", () => {
  it("anyone reads; staff and admins upload", async () => {
    expect(
      await row(async (a, i) => {
        const name = `rls-test-${tag}/${i}.svg`;
        await a.client.storage
          .from("property-images")
          .upload(name, new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" }), {
            contentType: "image/svg+xml",
          });
        const listed = await service.storage.from("property-images").list(`rls-test-${tag}`);
        const found = (listed.data ?? []).some((o) => o.name === `${i}.svg`);
        if (found) cleanup.push(() => service.storage.from("property-images").remove([name]));
        return found;
      }),
    ).toBe("NNYYNY");
  });
});

describe("exchange rates", () => {
  // Dates far in the future so the test rows never become the rate the site shows.
  const day = (i: number) =>
    `2300-0${(i % 9) + 1}-${String(10 + (Number.parseInt(tag.slice(0, 2), 16) % 18)).padStart(2, "0")}`;
  it("everyone reads; staff and admins add, correct and remove", async () => {
    cleanup.push(() => service.from("exchange_rates").delete().gte("effective_on", "2300-01-01"));
    expect(
      await row(
        async (a) =>
          ((await a.client.from("exchange_rates").select("rate").limit(1)).data ?? []).length === 1,
      ),
    ).toBe("YYYYYY");
    expect(
      await row(async (a, i) => {
        await a.client
          .from("exchange_rates")
          .insert({ rate: 12 + i, effective_on: day(i), source: `RLS test ${tag}` });
        return (
          ((await service.from("exchange_rates").select("id").eq("effective_on", day(i))).data ?? [])
            .length === 1
        );
      }),
    ).toBe("NNYYNY");
    const { data: seeded, error } = await service
      .from("exchange_rates")
      .insert({ rate: 20, effective_on: "2300-12-31", source: `RLS test ${tag}` })
      .select("id")
      .single();
    expect(error).toBeNull();
    const id = (seeded as { id: string }).id;
    expect(
      await row(async (a, i) => {
        await a.client
          .from("exchange_rates")
          .update({ rate: 30 + i })
          .eq("id", id);
        return (
          Number((await service.from("exchange_rates").select("rate").eq("id", id).single()).data?.rate) ===
          30 + i
        );
      }),
    ).toBe("NNYYNY");
    expect(
      await row(async (a) => {
        await a.client.from("exchange_rates").delete().eq("id", id);
        const gone =
          ((await service.from("exchange_rates").select("id").eq("id", id)).data ?? []).length === 0;
        if (gone)
          await service
            .from("exchange_rates")
            .insert({ id, rate: 20, effective_on: "2300-12-31", source: `RLS test ${tag}` });
        return gone;
      }),
    ).toBe("NNYYNY");
    // A rate must be positive and name its source.
    const bad = await service
      .from("exchange_rates")
      .insert({ rate: 0, effective_on: "2300-11-30", source: " " });
    expect(bad.error?.code).toBe("23514");
  });
});

describe("listing agent card (listing_agent)", () => {
  it("gives everyone the card of a published listing's staff agent: name, photo, work phone — nothing else", async () => {
    const staff = actors.staff.user!;
    await service
      .from("profiles")
      .update({ first_name: "Abena", last_name: `Agent-${tag}`, phone: "+233 24 400 2002" })
      .eq("user_id", staff.id);
    const live = `rls-agent-live-${tag}`;
    const draft = `rls-agent-draft-${tag}`;
    const byVisitor = `rls-agent-visitor-${tag}`;
    const published = { status: "available", published_at: new Date(Date.now() - 60_000).toISOString() };
    const ins = await service
      .from("properties")
      .insert([
        listing(live, { ...published, agent_id: staff.id }),
        listing(draft, { status: "draft", agent_id: staff.id }),
        listing(byVisitor, { ...published, agent_id: actors.visitor.user!.id }),
      ]);
    expect(ins.error).toBeNull();
    const card = async (a: Actor, slug: string) => {
      const { data, error } = await a.client.rpc("listing_agent", { listing_slug: slug });
      expect(error).toBeNull();
      return (data ?? []) as Record<string, unknown>[];
    };
    expect(await row(async (a) => (await card(a, live)).some((r) => r.last_name === `Agent-${tag}`))).toBe(
      "YYYYYY",
    );
    const [one] = await card(actors.anon, live);
    expect(Object.keys(one!).sort()).toEqual(["avatar_url", "first_name", "last_name", "phone"]);
    expect(one!.phone).toBe("+233 24 400 2002");
    // A draft listing's agent, and a "agent" without a back-office role, are nobody's business.
    expect(await row(async (a) => (await card(a, draft)).length > 0)).toBe("NNNNNN");
    expect(await row(async (a) => (await card(a, byVisitor)).length > 0)).toBe("NNNNNN");
    expect(await card(actors.anon, `no-such-listing-${tag}`)).toEqual([]);
  });
});
