/**
 * Blog admin: a post with hostile markdown (a script, an event handler, a javascript: link) is
 * neutralised in the editor's live preview and on the public page (the same renderer), and two
 * colleagues with the same published post open are each warned about the other; the second save
 * after the first is refused with "Reload" instead of overwriting.
 */
import crypto from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, SITE, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { postRow, removePosts, service, toast } from "./helpers.ts";

let browser: Browser;
let ama: TestUser;
let yaw: TestUser;
const created: string[] = [];
const tag = crypto.randomUUID().slice(0, 6);

const HOSTILE = [
  "Intro paragraph.",
  "",
  "<script>window.__pwned = 1</script>",
  "",
  '<img src="x" onerror="window.__pwned = 2">',
  "",
  "[Click me](javascript:window.__pwned=3) and [our site](https://example.com/guide).",
  "",
  "![pixel](javascript:alert(1))",
].join("\n");

/** Nothing in the rendered body can run: no script, no handler, no javascript: URL. */
async function expectInert(page: Page, body: Locator, label: string) {
  await body.getByText("Intro paragraph.").waitFor();
  expect(await body.locator("script").count(), `${label}: no script element`).toBe(0);
  expect(await body.locator("[onerror], [onclick], [onload]").count(), `${label}: no event handler`).toBe(0);
  const hrefs = await body.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs, `${label}: only the safe link stays a link`).toEqual(["https://example.com/guide"]);
  expect(await body.locator("img").count(), `${label}: the javascript: image is not an image`).toBe(0);
  await body.getByText("<script>window.__pwned = 1</script>").waitFor();
  expect(
    await page.evaluate(() => (window as { __pwned?: number }).__pwned),
    `${label}: nothing ran`,
  ).toBeUndefined();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [ama, yaw] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "staff" })]);
  await service
    .from("profiles")
    .update({ first_name: "Ama", last_name: `Boateng ${tag}` })
    .eq("user_id", ama.id);
  await service
    .from("profiles")
    .update({ first_name: "Yaw", last_name: `Asante ${tag}` })
    .eq("user_id", yaw.id);
});
afterAll(async () => {
  await removePosts(created);
  await browser?.close();
  for (const u of [ama, yaw]) if (u) await deleteTestUser(u.id);
});

describe("hostile markdown and two editors", () => {
  it("neutralises the post in preview and on the public page; warns both editors; refuses the stale save", async () => {
    const { data, error } = await service
      .from("blog_posts")
      .insert({
        slug: `hostile-${tag}`,
        title: `Hostile markdown ${tag}`,
        content: "Draft",
        author_id: ama.id,
        author_name: "Ama Boateng",
        status: "published",
        published_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .select("id")
      .single();
    if (error) throw new Error(error.message);
    const id = (data as { id: string }).id;
    created.push(id);
    const a = await signedInPage(browser, ama, `/admin/blog/edit/${id}`);
    const b = await signedInPage(browser, yaw, `/admin/blog/edit/${id}`);
    try {
      const formA = a.page.getByRole("form", { name: "Post" });
      const formB = b.page.getByRole("form", { name: "Post" });
      // Each sees the other (Yaw at once: Ama's mark is there; Ama at her next heartbeat).
      await b.page
        .getByTestId("editing-warning")
        .getByText(`Ama Boateng ${tag} is editing this post too`)
        .waitFor();
      await a.page
        .getByTestId("editing-warning")
        .getByText(`Yaw Asante ${tag} is editing this post too`)
        .waitFor();

      // Yaw starts an edit of his own (not saved yet); Ama saves first.
      await formB.getByRole("textbox", { name: "Excerpt" }).fill("Yaw's excerpt");
      await formA.getByRole("textbox", { name: "Post text", exact: true }).fill(HOSTILE);
      await expectInert(a.page, a.page.getByTestId("post-preview-body"), "preview");
      await formA.getByRole("button", { name: "Save changes" }).click();
      await toast(a.page, "Post saved").waitFor();
      const row = await postRow(id);
      expect(row.status).toBe("published");
      expect(row.content).toBe(HOSTILE);

      const pub = await openPage(browser);
      await pub.page.goto(`${SITE}/blog/${row.slug}`);
      await expectInert(pub.page, pub.page.getByTestId("post-body"), "public page");
      await pub.context.close();

      // Yaw's save starts from the old version: refused, nothing of Ama's is lost.
      await formB.getByRole("button", { name: "Save changes" }).click();
      await b.page.getByTestId("record-conflict").waitFor();
      expect((await postRow(id)).content).toBe(HOSTILE);
      await b.page.getByTestId("record-conflict").getByRole("button", { name: "Reload" }).click();
      await expect
        .poll(() => formB.getByRole("textbox", { name: "Post text", exact: true }).inputValue())
        .toBe(HOSTILE);
    } catch (err) {
      await screenshot(a.page, "blog-hostile-a");
      await screenshot(b.page, "blog-hostile-b");
      throw err;
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
