/**
 * The work records on the one record-page engine, one walk as an admin. An action plan, a
 * property hunt, a blog post, an e-mail campaign (reached from the campaigns table), a task and an
 * event open on their summary header; a viewing booking (an inbox item) is reached by the old
 * list link bookmarks and sent e-mails carry (`?open=`), loaded from the edge, which lands on its
 * page (every old link's mapping is core/records/record-links.test.ts's, the edge's redirect
 * worker/index.test.ts's), and from the pane beside its list, whose line names the listing by its
 * title. Each shows its key facts and keeps the tab chosen in the URL; the first survives a
 * reload (the one engine reads the tab from the URL on every page).
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service } from "../invoices-receipts/helpers.ts";
import { removeListings } from "../properties-admin/helpers.ts";
import { fact, must, tabInUrl, visitRecordPage } from "./record-pages-helpers.ts";

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
  it("each work record opens on its summary, old list links land on its page, the tab survives a reload", async () => {
    const { page, context } = await signedInPage(browser, admin, `/action-plans/${ids.plan}`);
    try {
      // ── An action plan: whether it runs and how its runs are doing ──
      await visitRecordPage(page, {
        path: `/action-plans/${ids.plan}`,
        heading: `Record plan ${tag}`,
        facts: [
          ["Status", "Switched on"],
          ["Active", "0"],
        ],
        tab: ["Steps", "steps"],
        reload: true,
      });
      await page.getByRole("form", { name: "Action plan" }).waitFor();

      // ── A property hunt ──
      await visitRecordPage(page, {
        path: `/property-hunt/${ids.hunt}`,
        heading: `Record hunt ${tag}`,
        facts: [["Place", "Spintex, Accra"]],
        tab: ["History", "history"],
      });

      // ── A blog post: status and author first, the editor a tab ──
      await navigateInApp(page, `/admin/blog/edit/${ids.post}`);
      await page.getByRole("form", { name: "Post" }).waitFor();
      await visitRecordPage(page, {
        path: `/admin/blog/edit/${ids.post}`,
        heading: `Record post ${tag}`,
        facts: [
          ["Status", "Draft"],
          ["Author", `Ama Writer ${tag}`],
        ],
        tab: ["History", "history"],
      });

      // ── An e-mail campaign: from the campaigns table to its page ──
      await navigateInApp(page, "/email-marketing");
      await page.getByRole("link", { name: `Record campaign ${tag}` }).click();
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(`/email-marketing/campaigns/${ids.campaign}`);
      await fact(page, "Status").getByText("Draft").waitFor();
      await fact(page, "Audience").getByText("0 people").waitFor();
      await page.getByRole("button", { name: `Send a test to me (Record campaign ${tag})` }).waitFor();
      await tabInUrl(page, "History", "history");

      // ── A task, an event; a viewing by the old list link (bookmarks, sent e-mails) ──
      await visitRecordPage(page, {
        path: `/tasks/${ids.task}`,
        heading: `Record task ${tag}`,
        facts: [["Priority", "Urgent"]],
        tab: ["History", "history"],
      });
      await visitRecordPage(page, {
        path: `/events/${ids.event}`,
        heading: `Record event ${tag}`,
        facts: [
          ["Location", `Osu office ${tag}`],
          ["When", /10:00/],
        ],
        tab: ["Edit", "edit"],
      });
      await page.getByRole("form", { name: /event/i }).waitFor();
      await visitRecordPage(page, {
        path: `/booking-management?open=${ids.booking}`,
        load: true,
        landsOn: `/booking-management/${ids.booking}`,
        heading: `Kwesi Viewer ${tag}`,
        facts: [
          ["Listing", `Record viewing villa ${tag}`],
          ["Time", /10:00/],
        ],
        tab: ["History", "history"],
      });
      // The Details tab holds the record's actions without repeating the page's heading.
      await page.getByRole("tab", { name: "Details", exact: true }).click();
      await page.getByTestId("detail-pane").getByRole("button", { name: "Reschedule" }).waitFor();
      expect(await page.getByRole("heading", { name: `Kwesi Viewer ${tag}` }).count()).toBe(1);

      // ── The booking list names the listing by its title; a row opens the booking's page ──
      await navigateInApp(page, `/booking-management?q=${encodeURIComponent(`Kwesi Viewer ${tag}`)}`);
      const row = page.getByText(`Record viewing villa ${tag} ·`);
      await row.waitFor();
      // The slug shows only among the history's raw fields (which load when they will).
      const slugShown = () =>
        page.evaluate(
          (slug) =>
            Array.from(document.querySelectorAll("body *")).filter(
              (el) =>
                el.children.length === 0 &&
                el.textContent?.includes(slug) &&
                !el.closest('[data-testid="record-history"]'),
            ).length,
          `record-viewing-${tag}`,
        );
      expect(await slugShown()).toBe(0);
      await row.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/booking-management/${ids.booking}`);
      await fact(page, "Listing").getByText(`Record viewing villa ${tag}`).waitFor();
      expect(await slugShown()).toBe(0);
    } catch (e) {
      await screenshot(page, "record-pages-work");
      throw e;
    } finally {
      await context.close();
    }
  });
});
