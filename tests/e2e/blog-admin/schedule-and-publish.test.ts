/**
 * Blog admin, a staff member's post (issue 15 "Done when"): writes it in the editor (live preview,
 * cover with its share card and description, tags, SEO fields with counters), the draft saves
 * itself, a schedule in the past is refused, a schedule in the future is accepted; when its time
 * comes the `publish-scheduled-posts` job publishes it and it appears on the public blog, in the
 * feed and in the sitemap; a changed slug keeps the old URL working (301); unpublishing takes it
 * off the site.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEDULE_IN_PAST } from "#core/blog/post-workflow.ts";
import { launchBrowser, openPage, screenshot, SITE, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import {
  clearToasts,
  kickJobs,
  photoFile,
  postIdFromUrl,
  postRow,
  removePosts,
  service,
  toast,
  waitUntil,
} from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const created: string[] = [];
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  await service
    .from("profiles")
    .update({ first_name: "Abena", last_name: "Sarpong" })
    .eq("user_id", staff.id);
});
afterAll(async () => {
  await removePosts(created);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("a staff member's scheduled post", () => {
  it("is written, autosaved, scheduled, published by the job, listed publicly, renamed with a redirect and unpublished", async () => {
    const { page } = await signedInPage(browser, staff, "/admin/blog");
    try {
      await page.getByRole("table", { name: "Posts" }).waitFor();
      await page.getByRole("link", { name: "New post" }).click();
      const form = page.getByRole("form", { name: "New post" });
      const title = `Land titles in Ghana, explained ${tag}`;
      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await form
        .getByRole("textbox", { name: "Post text", exact: true })
        .fill("## Why a title matters\n\nA **Land Title Certificate** is the strongest proof of ownership.");
      await expect
        .poll(() => page.getByTestId("post-preview-body").locator("h2").textContent())
        .toBe("Why a title matters");
      await form.getByRole("button", { name: "Create draft" }).click();
      await toast(page, "Draft created").waitFor();
      await page.waitForURL(/\/admin\/blog\/edit\//);
      const id = postIdFromUrl(page.url());
      created.push(id);
      const editor = page.getByRole("form", { name: "Post" });

      // Cover: uploaded with progress, described, shown as the 1200×630 card.
      await page.getByLabel("Cover image file").setInputFiles([await photoFile("cover.jpg", [20, 110, 70])]);
      await page.getByTestId("share-card-preview").locator("img").waitFor();
      await page.getByTestId("cover-size").getByText("Original 1200×800").waitFor();
      await editor
        .getByRole("textbox", { name: "Cover image description (alt text)" })
        .fill("Surveyor's pegs on a plot in Oyarifa");
      await editor
        .getByRole("textbox", { name: "Excerpt" })
        .fill("What a Land Title Certificate proves, and how to check one at the Lands Commission.");
      await editor.getByRole("textbox", { name: "Tags" }).fill("land, Title, diaspora");
      const seoTitle = editor.getByRole("textbox", { name: "Search title" });
      await seoTitle.fill("Land titles in Ghana: what a certificate proves and how to check it today");
      await page.getByText(/73 \/ 60 characters — over the limit of 70/).waitFor();
      await seoTitle.fill("Land titles in Ghana: how to check one");
      await page
        .getByTestId("search-preview")
        .getByText("Land titles in Ghana: how to check one | Ghana Realty")
        .waitFor();

      // The draft saves itself.
      await page
        .getByTestId("autosave-status")
        .getByText(/Draft saved at/)
        .waitFor();
      const saved = await postRow(id);
      expect(saved.cover_image_alt).toBe("Surveyor's pegs on a plot in Oyarifa");
      expect(saved.tags).toEqual(["land", "title", "diaspora"]);
      expect(saved.seo_title).toBe("Land titles in Ghana: how to check one");
      expect(saved.cover_image_url).toMatch(/^blog\/[0-9a-f-]{36}\.jpg$/);
      await clearToasts(page);
      await expectAccessible(page, "blog editor");

      // A schedule in the past is refused at the field; one in the future is accepted.
      const when = page.getByLabel("Publish later (Accra time)");
      await when.fill("2020-01-01T09:00");
      await page.getByRole("button", { name: "Schedule" }).click();
      await page.getByText(SCHEDULE_IN_PAST).waitFor();
      const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
      await when.fill(later);
      await page.getByRole("button", { name: "Schedule" }).click();
      await toast(page, "Scheduled").waitFor();
      await page
        .getByTestId("publication-state")
        .getByText(/Scheduled: goes live on/)
        .waitFor();
      const scheduled = await postRow(id);
      expect(scheduled.status).toBe("scheduled");
      expect((await fetch(`${SITE}/blog/${scheduled.slug}`)).status, "not public before its time").toBe(404);

      // Its time comes (moved into the past with the secret key): the job publishes it.
      await service
        .from("blog_posts")
        .update({ published_at: new Date(Date.now() - 1000).toISOString() })
        .eq("id", id);
      await kickJobs(staff);
      await waitUntil("the job to publish the post", async () => (await postRow(id)).status === "published");
      const pub = await openPage(browser);
      await pub.page.goto(`${SITE}/blog/${scheduled.slug}`);
      await pub.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await pub.page.getByTestId("post-body").getByRole("heading", { name: "Why a title matters" }).waitFor();
      await pub.page.goto(`${SITE}/blog`);
      await pub.page
        .getByRole("link", { name: new RegExp(title) })
        .first()
        .waitFor();
      await pub.context.close();
      await waitUntil("the feed to list the post", async () =>
        (await (await fetch(`${SITE}/feed`)).text()).includes(`/blog/${scheduled.slug}</link>`),
      );
      await waitUntil("the sitemap to list the post", async () =>
        (await (await fetch(`${SITE}/sitemap-posts.xml`)).text()).includes(`/blog/${scheduled.slug}</loc>`),
      );

      // A new address: the old one answers 301 to it.
      await page.reload();
      await editor.getByRole("textbox", { name: "Web address (slug)" }).fill(`land-titles-ghana-${tag}`);
      await editor.getByRole("button", { name: "Save changes" }).click();
      await toast(page, "Post saved").waitFor();
      // Saving a live post's new address refreshes the edge's caches (the old address was cached as a page).
      await toast(page, "The new address is live").waitFor();
      const moved = await fetch(`${SITE}/blog/${scheduled.slug}`, { redirect: "manual" });
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe(`/blog/land-titles-ghana-${tag}`);

      // Unpublished: off the site.
      await page.getByRole("button", { name: "Unpublish" }).click();
      await toast(page, "Unpublished").waitFor();
      expect((await postRow(id)).status).toBe("draft");
      await waitUntil(
        "the post to leave the site",
        async () => (await fetch(`${SITE}/blog/land-titles-ghana-${tag}`)).status === 404,
      );
    } catch (err) {
      await screenshot(page, "blog-schedule-and-publish");
      throw err;
    }
  });
});
