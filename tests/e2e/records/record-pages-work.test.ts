/**
 * The work records on the one record-page engine, two walks as an admin. An action plan, a
 * property hunt, a blog post and an e-mail campaign (reached from the campaigns table) open on
 * their summary header; a task, an event and a viewing booking (an inbox item) are reached from
 * the dialog, side sheet and pane that list them. Each shows one key fact, and the tab chosen
 * survives a reload.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service } from "../invoices-receipts/helpers.ts";
import { removeListings } from "../properties-admin/helpers.ts";
import { fact, must, tabSurvivesReload } from "./record-pages-helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const ids = {
  plan: "",
  hunt: "",
  post: "",
  task: "",
  event: "",
  listing: "",
  booking: "",
  list: "",
  campaign: "",
};

const idOf = (r: { data: unknown; error: { message: string } | null }, what: string) =>
  (must(r, what) as { id: string }).id;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  ids.plan = must(
    await service.rpc("save_action_plan", {
      plan_id: null as unknown as string,
      fields: { name: `Record plan ${tag}`, scope: "shared", is_active: true, trigger_kind: "manual" },
      steps: [{ kind: "wait", config: { amount: 30, unit: "days" } }] as never,
    }),
    "plan",
  ) as string;
  ids.hunt = idOf(
    await service
      .from("property_hunts")
      .insert({ title: `Record hunt ${tag}`, city: "Accra", neighbourhood: "Spintex" })
      .select("id")
      .single(),
    "hunt",
  );
  ids.post = idOf(
    await service
      .from("blog_posts")
      .insert({ slug: `record-post-${tag}`, title: `Record post ${tag}`, author_name: `Ama Writer ${tag}` })
      .select("id")
      .single(),
    "post",
  );
  ids.task = idOf(
    await service
      .from("tasks")
      .insert({ title: `Record task ${tag}`, priority: "urgent", owner_id: admin.id, assignee_id: admin.id })
      .select("id")
      .single(),
    "task",
  );
  ids.event = idOf(
    await service
      .from("events")
      .insert({
        title: `Record event ${tag}`,
        kind: "meeting",
        location: `Osu office ${tag}`,
        starts_at: "2030-01-15T10:00:00Z",
        ends_at: "2030-01-15T11:00:00Z",
        owner_id: admin.id,
      })
      .select("id")
      .single(),
    "event",
  );
  ids.listing = idOf(
    await service
      .from("properties")
      .insert({
        slug: `record-viewing-${tag}`,
        title: `Record viewing villa ${tag}`,
        property_type: "house",
        listing_type: "sale",
        price: "9333333.32",
        city: "Accra",
        status: "available",
        owner_id: admin.id,
        agent_id: admin.id,
      })
      .select("id")
      .single(),
    "listing",
  );
  ids.booking = idOf(
    await service
      .from("bookings")
      .insert({
        property_id: ids.listing,
        property_slug: `record-viewing-${tag}`,
        preferred_date: "2030-02-01",
        time_slot: "10:00",
        starts_at: "2030-02-01T10:00:00Z",
        full_name: `Kwesi Viewer ${tag}`,
        email: `viewer-${tag}@example.test`,
        phone: "+233501234567",
        consent_at: new Date().toISOString(),
      })
      .select("id")
      .single(),
    "booking",
  );
  ids.list = idOf(
    await service
      .from("email_lists")
      .insert({ name: `Record list ${tag}`, kind: "static", owner_id: admin.id })
      .select("id")
      .single(),
    "list",
  );
  ids.campaign = idOf(
    await service
      .from("email_campaigns")
      .insert({
        name: `Record campaign ${tag}`,
        subject: "New listings in East Legon",
        body: "Hello {{first_name}}",
        list_id: ids.list,
        owner_id: admin.id,
      })
      .select("id")
      .single(),
    "campaign",
  );
});

afterAll(async () => {
  if (ids.campaign) await service.from("email_campaigns").delete().eq("id", ids.campaign);
  if (ids.list) await service.from("email_lists").delete().eq("id", ids.list);
  if (ids.booking) await service.from("bookings").delete().eq("id", ids.booking);
  if (ids.listing) await removeListings([ids.listing]);
  if (ids.event) await service.from("events").delete().eq("id", ids.event);
  if (ids.task) await service.from("tasks").delete().eq("id", ids.task);
  if (ids.post) await service.from("blog_posts").delete().eq("id", ids.post);
  if (ids.hunt) await service.from("property_hunts").delete().eq("id", ids.hunt);
  if (ids.plan) await service.from("action_plans").delete().eq("id", ids.plan);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("record pages of the work records", () => {
  it("a plan, a hunt, a post and a campaign open on their summary; the tab survives a reload", async () => {
    const { page, context } = await signedInPage(browser, admin, `/action-plans/${ids.plan}`);
    const go = (path: string) => page.goto(new URL(path, page.url()).toString());
    try {
      // ── An action plan: whether it runs and how its runs are doing ──
      await page.getByRole("heading", { level: 1, name: `Record plan ${tag}` }).waitFor();
      await fact(page, "Status").getByText("Switched on").waitFor();
      await fact(page, "Active").getByText("0").waitFor();
      await tabSurvivesReload(page, "Steps", "steps");
      await page.getByRole("form", { name: "Action plan" }).waitFor();

      // ── A property hunt ──
      await go(`/property-hunt/${ids.hunt}`);
      await page.getByRole("heading", { level: 1, name: `Record hunt ${tag}` }).waitFor();
      await fact(page, "Place").getByText("Spintex, Accra").waitFor();
      await tabSurvivesReload(page, "History", "history");

      // ── A blog post: status and author first, the editor a tab ──
      await go(`/admin/blog/edit/${ids.post}`);
      // (the live preview has the public page's heading too)
      await page
        .getByTestId("record-summary-header")
        .getByRole("heading", { level: 1, name: `Record post ${tag}` })
        .waitFor();
      await fact(page, "Status").getByText("Draft").waitFor();
      await fact(page, "Author").getByText(`Ama Writer ${tag}`).waitFor();
      await page.getByRole("form", { name: "Post" }).waitFor();
      await tabSurvivesReload(page, "History", "history");

      // ── An e-mail campaign: from the campaigns table to its page ──
      await go("/email-marketing");
      await page.getByRole("link", { name: `Record campaign ${tag}` }).click();
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(`/email-marketing/campaigns/${ids.campaign}`);
      await fact(page, "Status").getByText("Draft").waitFor();
      await fact(page, "Audience").getByText("0 people").waitFor();
      await page.getByRole("button", { name: `Send a test to me (Record campaign ${tag})` }).waitFor();
      await tabSurvivesReload(page, "History", "history");
    } catch (e) {
      await screenshot(page, "record-pages-work");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("a task, an event and a booking open on their page from their pane; the tab survives a reload", async () => {
    const { page, context } = await signedInPage(browser, admin, `/tasks?id=${ids.task}`);
    const go = (path: string) => page.goto(new URL(path, page.url()).toString());
    try {
      // ── A task: its dialog on the list leads to its page ──
      await page.getByRole("link", { name: "Open the task's page" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/tasks/${ids.task}`);
      await page.getByRole("heading", { level: 1, name: `Record task ${tag}` }).waitFor();
      await fact(page, "Priority").getByText("Urgent").waitFor();
      await tabSurvivesReload(page, "History", "history");

      // ── An event: its side sheet on the calendar leads to its page ──
      await go(`/events?id=${ids.event}`);
      await page.getByRole("link", { name: "Open the event's page" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${ids.event}`);
      await page.getByRole("heading", { level: 1, name: `Record event ${tag}` }).waitFor();
      await fact(page, "Location").getByText(`Osu office ${tag}`).waitFor();
      await fact(page, "When").getByText(/10:00/).waitFor();
      await tabSurvivesReload(page, "Edit", "edit");
      await page.getByRole("form", { name: /event/i }).waitFor();

      // ── A viewing booking: the listing by its title (never its slug), from the pane to its page ──
      await go(`/booking-management?open=${ids.booking}`);
      await page.getByRole("link", { name: "Open its page" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/booking-management/${ids.booking}`);
      await page.getByRole("heading", { level: 1, name: `Kwesi Viewer ${tag}` }).waitFor();
      await fact(page, "Listing").getByText(`Record viewing villa ${tag}`).waitFor();
      await fact(page, "Time").getByText(/10:00/).waitFor();
      await tabSurvivesReload(page, "History", "history");
    } catch (e) {
      await screenshot(page, "record-pages-panes");
      throw e;
    } finally {
      await context.close();
    }
  });
});
