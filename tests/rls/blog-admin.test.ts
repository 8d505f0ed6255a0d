/**
 * Blog admin in the database (migration 20261125500100_blog_admin.sql), judged by what is stored
 * afterwards (read with the secret key):
 *   - blog_posts under record-level access (module blog; the author owns): drafts staff-only,
 *     published posts for everyone, "own" mode narrows staff to their posts;
 *   - the workflow trigger refuses exactly the moves core refuses, with the same words, and
 *     schedules in the past; a draft never keeps a publication time;
 *   - blog_post_slug_redirects: written only by the trigger; post_redirect_slug answers for
 *     published posts only;
 *   - blog_post_editors (touch_post_editing), blog_post_images, content_plan_items (its status
 *     follows the linked post), publish_due_posts (secret key only).
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { allStatusMoves, SCHEDULE_IN_PAST, statusMoveError } from "#core/blog/post-workflow.ts";
import type { BlogStatus } from "#core/content-model.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("Blog admin RLS");

const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 86_400_000).toISOString();

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug: `${slug}-${tag}`,
  title: `Blog RLS ${slug}`,
  content: "Text",
  status: "draft",
  ...extra,
});

async function seedPost(slug: string, extra: Record<string, unknown> = {}): Promise<string> {
  const row = (await must(
    service
      .from("blog_posts")
      .insert(post(slug, { author_id: actors.staff.user!.id, ...extra }))
      .select("id")
      .single(),
    `seed ${slug}`,
  )) as { id: string };
  return row.id;
}

async function setBlogMode(mode: "own" | "all") {
  await must(service.from("module_access").update({ mode }).eq("module", "blog").select(), "set blog mode");
}

const exists = async (table: string, column: string, value: string) =>
  ((await service.from(table).select(column).eq(column, value)).data ?? []).length === 1;

cleanup.push(async () => {
  await setBlogMode("all");
  await service.from("content_plan_items").delete().like("title", `%${tag}%`);
  await service.from("blog_posts").delete().like("slug", `%-${tag}`);
});

describe("blog_posts", () => {
  it("drafts are staff-only; published posts are everyone's; future schedules are not yet", async () => {
    const draft = await seedPost("draft");
    const live = await seedPost("live", { status: "published", published_at: past() });
    const later = await seedPost("later", { status: "scheduled", published_at: future() });
    const sees = (id: string) => async (a: Actor) =>
      ((await a.client.from("blog_posts").select("id").eq("id", id)).data ?? []).length === 1;
    expect(await letters("blog_posts · select draft", sees(draft))).toBe("NNYYYNY");
    expect(await letters("blog_posts · select published", sees(live))).toBe("YYYYYYY");
    expect(await letters("blog_posts · select scheduled (future)", sees(later))).toBe("NNYYYNY");
  });

  it("staff write posts as their author; edits and deletes follow access", async () => {
    expect(
      await letters("blog_posts · insert (self as author)", async (a, i) => {
        await a.client.from("blog_posts").insert(post(`ins-${i}`, { author_id: a.user?.id ?? null }));
        return exists("blog_posts", "slug", `ins-${i}-${tag}`);
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("blog_posts · insert (someone else as author)", async (a, i) => {
        await a.client
          .from("blog_posts")
          .insert(post(`other-${i}`, { author_id: actors.other_staff.user!.id }));
        return exists("blog_posts", "slug", `other-${i}-${tag}`);
      }),
    ).toBe("NNNYYNY");
    const id = await seedPost("edit");
    expect(
      await letters("blog_posts · update title", async (a, i) => {
        const title = `Edited ${i} ${tag}`;
        await a.client.from("blog_posts").update({ title }).eq("id", id);
        return (
          (
            (await must(service.from("blog_posts").select("title").eq("id", id).single(), "read")) as {
              title: string;
            }
          ).title === title
        );
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("blog_posts · delete", async (a, i) => {
        const victim = await seedPost(`del-${i}`);
        await a.client.from("blog_posts").delete().eq("id", victim);
        return !(await exists("blog_posts", "id", victim));
      }),
    ).toBe("NNYNYNY");
  });

  it("in 'own' mode staff see and edit only the posts they author (published ones still readable)", async () => {
    const draft = await seedPost("own-draft");
    await setBlogMode("own");
    try {
      expect(
        await letters(
          "blog_posts · select draft (mode own)",
          async (a) =>
            ((await a.client.from("blog_posts").select("id").eq("id", draft)).data ?? []).length === 1,
        ),
      ).toBe("NNYNYNY");
      expect(
        await letters("blog_posts · update (mode own)", async (a, i) => {
          const title = `Own ${i} ${tag}`;
          await a.client.from("blog_posts").update({ title }).eq("id", draft);
          return (
            (
              (await must(service.from("blog_posts").select("title").eq("id", draft).single(), "read")) as {
                title: string;
              }
            ).title === title
          );
        }),
      ).toBe("NNYNYNY");
    } finally {
      await setBlogMode("all");
    }
  });
});

describe("the post workflow in the database", () => {
  it("refuses exactly the moves core refuses, with core's sentence", async () => {
    const staff = actors.staff.client;
    const disagreements: string[] = [];
    const start: Record<BlogStatus, Record<string, unknown>> = {
      draft: {},
      scheduled: { status: "scheduled", published_at: future() },
      published: { status: "published", published_at: past() },
    };
    const target: Record<BlogStatus, Record<string, unknown>> = {
      draft: { status: "draft" },
      scheduled: { status: "scheduled", published_at: future() },
      published: { status: "published", published_at: new Date().toISOString() },
    };
    for (const [i, m] of allStatusMoves().entries()) {
      const id = await seedPost(`wf-${i}`, start[m.from]);
      const { error } = await staff.from("blog_posts").update(target[m.to]).eq("id", id);
      const expected = statusMoveError(m.from, m.to);
      if ((error?.message ?? null) !== expected)
        disagreements.push(
          `${m.from} → ${m.to}: core ${JSON.stringify(expected)}, database ${JSON.stringify(error?.message ?? null)}`,
        );
    }
    expect(disagreements).toEqual([]);
  });

  it("a schedule must be in the future; a draft loses its time; publishing without a time is now", async () => {
    const staff = actors.staff.client;
    const id = await seedPost("sched");
    const pastSchedule = await staff
      .from("blog_posts")
      .update({ status: "scheduled", published_at: past() })
      .eq("id", id);
    expect(pastSchedule.error?.message).toBe(SCHEDULE_IN_PAST);
    const published = (await must(
      staff.from("blog_posts").update({ status: "published" }).eq("id", id).select("published_at").single(),
      "publish",
    )) as { published_at: string };
    expect(Math.abs(Date.parse(published.published_at) - Date.now())).toBeLessThan(60_000);
    const unpublished = (await must(
      staff.from("blog_posts").update({ status: "draft" }).eq("id", id).select("published_at").single(),
      "unpublish",
    )) as { published_at: string | null };
    expect(unpublished.published_at).toBeNull();
  });

  it("scheduled posts due now go live through publish_due_posts, which only the secret key may call", async () => {
    const id = await seedPost("due", { status: "scheduled", published_at: future() });
    await must(
      service.from("blog_posts").update({ published_at: past() }).eq("id", id).select("id"),
      "make it due",
    );
    expect(
      await letters("rpc publish_due_posts", async (a) => {
        const { error } = await a.client.rpc("publish_due_posts", { max_rows: 1 });
        return !error;
      }),
    ).toBe("NNNNNNN");
    const { data, error } = await service.rpc("publish_due_posts", { max_rows: 1000 });
    expect(error).toBeNull();
    expect((data as { id: string }[]).map((r) => r.id)).toContain(id);
    expect(
      (
        (await must(service.from("blog_posts").select("status").eq("id", id).single(), "read")) as {
          status: string;
        }
      ).status,
    ).toBe("published");
  });
});

describe("blog_post_slug_redirects", () => {
  it("a renamed published post's old slug points at the new one for everyone; a draft's does not; nobody writes redirects", async () => {
    const id = await seedPost("old-name", { status: "published", published_at: past() });
    await must(
      actors.staff.client
        .from("blog_posts")
        .update({ slug: `new-name-${tag}` })
        .eq("id", id)
        .select("id"),
      "rename",
    );
    expect(
      await letters(
        "rpc post_redirect_slug (published)",
        async (a) =>
          (await a.client.rpc("post_redirect_slug", { old_slug: `old-name-${tag}` })).data ===
          `new-name-${tag}`,
      ),
    ).toBe("YYYYYYY");
    const draft = await seedPost("draft-old");
    await must(
      service
        .from("blog_posts")
        .update({ slug: `draft-new-${tag}` })
        .eq("id", draft)
        .select("id"),
      "rename draft",
    );
    expect(
      (await actors.anon.client.rpc("post_redirect_slug", { old_slug: `draft-old-${tag}` })).data,
    ).toBeNull();
    expect(
      await letters(
        "blog_post_slug_redirects · select",
        async (a) =>
          (
            (
              await a.client
                .from("blog_post_slug_redirects")
                .select("old_slug")
                .eq("old_slug", `old-name-${tag}`)
            ).data ?? []
          ).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("blog_post_slug_redirects · insert", async (a, i) => {
        await a.client
          .from("blog_post_slug_redirects")
          .insert({ old_slug: `forged-${i}-${tag}`, post_id: id });
        return exists("blog_post_slug_redirects", "old_slug", `forged-${i}-${tag}`);
      }),
    ).toBe("NNNNNNN");
  });
});

describe("blog_post_editors and blog_post_images", () => {
  it("staff mark themselves editing and see each other; nobody marks someone else", async () => {
    const id = await seedPost("editing");
    expect(
      await letters("rpc touch_post_editing", async (a) => {
        const { error } = await a.client.rpc("touch_post_editing", { post: id });
        return (
          !error &&
          !!a.user &&
          (
            await service
              .from("blog_post_editors")
              .select("user_id")
              .eq("post_id", id)
              .eq("user_id", a.user.id)
          ).data?.length === 1
        );
      }),
    ).toBe("NNYYYNY");
    const seen = await actors.other_staff.client.rpc("touch_post_editing", { post: id });
    expect((seen.data as { user_id: string }[]).map((r) => r.user_id)).toContain(actors.staff.user!.id);
    expect(
      await letters("blog_post_editors · insert for someone else", async (a) => {
        const victim = (a.name === "other_staff" ? actors.staff : actors.other_staff).user!.id;
        await service.from("blog_post_editors").delete().eq("post_id", id).eq("user_id", victim);
        await a.client.from("blog_post_editors").insert({ post_id: id, user_id: victim });
        return (
          (await service.from("blog_post_editors").select("user_id").eq("post_id", id).eq("user_id", victim))
            .data?.length === 1
        );
      }),
    ).toBe("NNNNNNN");
  });

  it("inline image rows follow the post", async () => {
    const id = await seedPost("images");
    expect(
      await letters("blog_post_images · insert", async (a, i) => {
        await a.client
          .from("blog_post_images")
          .insert({ storage_path: `blog/${id}/img-${i}.jpg`, post_id: id, alt_text: "Living room" });
        return exists("blog_post_images", "storage_path", `blog/${id}/img-${i}.jpg`);
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters(
        "blog_post_images · select",
        async (a) =>
          ((await a.client.from("blog_post_images").select("storage_path").eq("post_id", id)).data ?? [])
            .length > 0,
      ),
    ).toBe("NNYYYNY");
  });
});

describe("content_plan_items", () => {
  const topic = (i: number | string, owner: string, extra: Record<string, unknown> = {}) => ({
    title: `Topic ${i} ${tag}`,
    planned_for: "2026-12-01",
    keywords: ["land title", "east legon"],
    audiences: ["buyers", "diaspora_investors"],
    owner_id: owner,
    ...extra,
  });

  it("staff plan topics for the team; reads and edits follow access", async () => {
    expect(
      await letters("content_plan_items · insert (self)", async (a, i) => {
        await a.client
          .from("content_plan_items")
          .insert(topic(`ins-${i}`, a.user?.id ?? crypto.randomUUID()));
        return exists("content_plan_items", "title", `Topic ins-${i} ${tag}`);
      }),
    ).toBe("NNYYYNY");
    const row = (await must(
      service.from("content_plan_items").insert(topic("seed", actors.staff.user!.id)).select("id").single(),
      "seed topic",
    )) as { id: string };
    expect(
      await letters(
        "content_plan_items · select",
        async (a) =>
          ((await a.client.from("content_plan_items").select("id").eq("id", row.id)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNY");
    await setBlogMode("own");
    try {
      expect(
        await letters(
          "content_plan_items · select (mode own)",
          async (a) =>
            ((await a.client.from("content_plan_items").select("id").eq("id", row.id)).data ?? []).length ===
            1,
        ),
      ).toBe("NNYNYNY");
    } finally {
      await setBlogMode("all");
    }
    expect(
      await letters("content_plan_items · delete", async (a, i) => {
        const victim = (await must(
          service
            .from("content_plan_items")
            .insert(topic(`del-${i}`, actors.staff.user!.id))
            .select("id")
            .single(),
          "seed",
        )) as { id: string };
        await a.client.from("content_plan_items").delete().eq("id", victim.id);
        return !(await exists("content_plan_items", "id", victim.id));
      }),
    ).toBe("NNYNYNY");
  });

  it("a topic is published exactly when its linked post is, and back to writing when it is unpublished", async () => {
    const staff = actors.staff.client;
    const refused = await staff
      .from("content_plan_items")
      .insert(topic("pub-refused", actors.staff.user!.id, { status: "published" }));
    expect(refused.error?.message).toBe(
      "A topic is published when its post is: link a published post, or choose another status.",
    );
    const postId = await seedPost("linked");
    const row = (await must(
      staff
        .from("content_plan_items")
        .insert(topic("linked", actors.staff.user!.id, { status: "writing", post_id: postId }))
        .select("id")
        .single(),
      "link",
    )) as { id: string };
    const statusOf = async () =>
      (
        (await must(
          service.from("content_plan_items").select("status").eq("id", row.id).single(),
          "read",
        )) as { status: string }
      ).status;
    await must(
      staff.from("blog_posts").update({ status: "published" }).eq("id", postId).select("id"),
      "publish",
    );
    expect(await statusOf()).toBe("published");
    await must(
      staff.from("blog_posts").update({ status: "draft" }).eq("id", postId).select("id"),
      "unpublish",
    );
    expect(await statusOf()).toBe("writing");
  });

  it("giving a topic to a colleague notifies them in-app", async () => {
    const row = (await must(
      actors.staff.client
        .from("content_plan_items")
        .insert(topic("assigned", actors.other_staff.user!.id))
        .select("id")
        .single(),
      "assign",
    )) as { id: string };
    const notes = await service
      .from("notifications")
      .select("kind, link")
      .eq("user_id", actors.other_staff.user!.id)
      .eq("record_id", row.id);
    expect(notes.data).toEqual([
      { kind: "content_topic_assigned", link: "/admin/blog/strategy?month=2026-12" },
    ]);
  });
});
