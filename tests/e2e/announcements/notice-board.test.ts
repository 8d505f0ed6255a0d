/**
 * Announcements end to end (issue 12 item 7) in Chromium: an admin writes a pinned notice for
 * staff (markdown previewed as readers will see it); a staff member's open board shows it live,
 * marked unread, with no way to write one; the notification opens it and it counts as read;
 * the admin's read receipts name the reader.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, expectToast } from "../shell/helpers.ts";

let browser: Browser;
let admin: TestUser;
let staff: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const title = `Office closed Friday for the Osu branch opening ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, staff] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
  // Names, so the receipts say who read it.
  await service
    .from("profiles")
    .update({ first_name: "Efua", last_name: `Asante ${tag}` })
    .eq("user_id", staff.id);
});
afterAll(async () => {
  await service.from("announcements").delete().eq("title", title);
  await browser?.close();
  for (const u of [admin, staff]) if (u) await deleteTestUser(u.id);
});

describe("a pinned notice for staff", () => {
  it("is written by an admin, reaches staff live and unread, is read from the notification, and the author sees the receipt", async () => {
    const reader = await openPage(browser);
    const author = await openPage(browser);
    try {
      // The staff member is on the board before the notice exists; no writing for staff.
      await signInOnPage(reader.page, staff, "/announcements", { host: null });
      await reader.page.getByRole("heading", { name: "Announcements", level: 1 }).waitFor();
      expect(
        await reader.page.getByRole("button", { name: "New announcement" }).count(),
        "staff do not write notices",
      ).toBe(0);

      const { page } = author;
      await signInOnPage(page, admin, "/announcements", { host: null });
      await page.getByRole("button", { name: "New announcement" }).click();
      const form = page.getByRole("form", { name: "New announcement" });
      await form.waitFor();
      // A missing title is refused at the field (and nothing is written).
      await form.getByRole("button", { name: "Publish" }).click();
      await expect
        .poll(() => form.getByRole("textbox", { name: "Title", exact: true }).getAttribute("aria-invalid"))
        .toBe("true");

      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await form.getByRole("combobox", { name: "Audience" }).selectOption({ label: "Staff" });
      await form.getByRole("checkbox", { name: "Pin to the top" }).click();
      await form
        .getByRole("textbox", { name: "Message" })
        .fill(
          "The office is **closed** on Friday.\n\n<script>alert(1)</script>\n\n- Keys with Kojo at reception",
        );
      await form.getByRole("tab", { name: "Preview" }).click();
      const preview = form.getByRole("tabpanel");
      await preview.locator("strong", { hasText: "closed" }).waitFor();
      // Raw HTML is shown as text, never run.
      await preview.getByText("<script>alert(1)</script>").waitFor();
      await form.getByRole("button", { name: "Publish" }).click();
      await expectToast(page, "Announcement published");

      const stored = await service
        .from("announcements")
        .select("id, audience, pinned, author_id")
        .eq("title", title)
        .single();
      expect(stored.data).toMatchObject({ audience: "staff", pinned: true, author_id: admin.id });
      const id = (stored.data as { id: string }).id;
      const current = page.getByRole("region", { name: "Current announcements" });
      const mine = current.getByRole("article", { name: title });
      await mine.waitFor();
      expect(await mine.getByLabel("Pinned").count(), "shown as pinned").toBe(1);
      expect(await current.getByRole("article").first().getAttribute("id"), "pinned and newest: first").toBe(
        `notice-${id}`,
      );

      // Live on the staff member's open board, unread.
      const notice = reader.page.getByRole("article", { name: title });
      await notice.waitFor();
      expect(await notice.getAttribute("data-unread")).toBe("true");
      await notice.getByText("Unread").waitFor();
      expect(await notice.getByRole("button", { name: "Pin" }).count(), "staff cannot pin").toBe(0);

      // The bell has it; opening it shows the notice, which counts as read.
      const bell = reader.page.getByTestId("notification-bell");
      await expect.poll(async () => (await bell.getAttribute("aria-label")) ?? "").toMatch(/unread/);
      await bell.click();
      await reader.page.getByRole("button", { name: new RegExp(`Announcement: ${title}`) }).click();
      await reader.page.waitForFunction((p) => window.location.search === p, `?id=${id}`);
      await notice.getByText("Unread").waitFor({ state: "detached" });
      await expect
        .poll(
          async () =>
            (await service.from("announcement_reads").select("user_id").eq("announcement_id", id)).data,
        )
        .toEqual([{ user_id: staff.id }]);
      await expectAccessible(reader.page, "announcements (staff)");

      // The author's receipts name the reader.
      await page.reload();
      const receipts = page
        .getByRole("article", { name: title })
        .getByRole("button", { name: /^Read by 1 of \d+$/ });
      await receipts.click();
      const who = page
        .getByRole("dialog", { name: "Who has read it" })
        .getByRole("list", { name: "Read receipts" });
      await who
        .getByRole("listitem")
        .filter({ hasText: `Efua Asante ${tag}` })
        .getByText(/^Read /)
        .waitFor();
      expect(reader.errors).toEqual([]);
    } catch (e) {
      await screenshot(reader.page, "announcements-reader");
      await screenshot(author.page, "announcements-author");
      throw e;
    } finally {
      await reader.context.close();
      await author.context.close();
    }
  });
});
