/**
 * Property hunt end to end (issue 16 item 1 "Done when"): an admin creates a hunt, moves it through
 * the pipeline (an inspection with a photo from the "phone" before Inspected; a wrong file refused)
 * while a second admin's board shows each move live (hub property_hunt_update, ids only); the
 * photo lands in the private hunt-photos bucket, never readable by a public URL.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { photoFile, service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let mover: TestUser;
let watcher: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
let huntId: string | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  [mover, watcher] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "admin" }),
  ]);
});
afterAll(async () => {
  if (huntId) {
    const photos = ((await service.from("property_hunt_photos").select("storage_path").eq("hunt_id", huntId))
      .data ?? []) as { storage_path: string }[];
    if (photos.length) await service.storage.from("hunt-photos").remove(photos.map((p) => p.storage_path));
    await service.from("property_hunts").delete().eq("id", huntId);
  }
  await browser?.close();
  for (const u of [mover, watcher]) if (u) await deleteTestUser(u.id);
});

const card = (page: Page, stage: string, title: string) =>
  page.locator(`[data-column="${stage}"] [data-card-id]`).filter({ hasText: title });

describe("the hunt pipeline, live on a colleague's board", () => {
  it("creates a hunt, records an inspection with a photo and moves it while the other admin watches", async () => {
    const title = `Hunt e2e 4-bedroom, Trasacco ${tag}`;
    const board = await signedInPage(browser, watcher, `/property-hunt?q=${tag}`);
    const a = await signedInPage(browser, mover, "/property-hunt/new");
    try {
      // ── Create ──
      const form = a.page.getByRole("form", { name: "New hunt" });
      await form.waitFor();
      await form.getByRole("button", { name: "Create hunt" }).click();
      await form.getByText("Give the hunt a title of at least 3 characters").waitFor();
      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await form.getByRole("textbox", { name: "City or town", exact: true }).fill("Accra");
      await form.getByRole("textbox", { name: "Neighbourhood", exact: true }).fill("East Legon");
      await form.getByRole("textbox", { name: "Asking price", exact: true }).fill("2500000");
      await form.getByRole("textbox", { name: "Owner", exact: true }).fill("Nana Yaw Asante");
      await form.getByRole("textbox", { name: "Owner's phone", exact: true }).fill("+233 24 555 0192");
      await form.getByRole("button", { name: "Create hunt" }).click();
      await toast(a.page, "Hunt created").waitFor();
      await a.page.waitForFunction(
        () => /\/property-hunt\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      huntId = new URL(a.page.url()).pathname.split("/").pop()!;
      const row = (
        await service
          .from("property_hunts")
          .select("stage, owner_phone, asking_price")
          .eq("id", huntId)
          .single()
      ).data;
      expect(row).toMatchObject({ stage: "found", asking_price: 2500000 });

      // The watcher's board picks the new hunt up without a reload.
      await card(board.page, "found", title).waitFor();

      // ── Contacted owner, live ──
      await a.page.getByRole("button", { name: "Move to Contacted owner" }).click();
      await toast(a.page, "Moved to Contacted owner").waitFor();
      await card(board.page, "contacted_owner", title).waitFor();

      // ── Inspection before Inspected: the database refuses the move without one ──
      await a.page.getByRole("button", { name: "Move to Inspected" }).click();
      await toast(a.page, "Record the inspection (notes or photos) before moving to Inspected.").waitFor();
      await a.page.getByRole("tab", { name: "Inspections & photos" }).click();
      await a.page.getByRole("button", { name: "Record an inspection" }).click();
      const visit = a.page.getByRole("form", { name: "New inspection" });
      await visit.getByRole("combobox", { name: "Condition" }).selectOption({ label: "Needs work" });
      await visit
        .getByRole("textbox", { name: "What you saw" })
        .fill("Roof leaks over the boys' quarters; borehole works; wall fence complete.");
      await visit.getByRole("button", { name: "Save inspection" }).click();
      await toast(a.page, "Inspection recorded").waitFor();
      await a.page.getByRole("list", { name: "Inspections" }).getByText("Roof leaks").waitFor();

      const input = a.page.getByLabel("Photos from the inspection");
      expect(await input.getAttribute("capture"), "opens the camera on a phone").toBe("environment");
      await input.setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("not a photo"),
      });
      await a.page.getByTestId("photo-refused").first().waitFor();
      await input.setInputFiles(await photoFile("front.jpg", [180, 60, 30]));
      await toast(a.page, "Photo added").waitFor();
      const photo = a.page.getByRole("list", { name: "Photos" }).getByRole("img").first();
      await photo.waitFor();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const stored = ((
        await service.from("property_hunt_photos").select("storage_path").eq("hunt_id", huntId)
      ).data ?? []) as { storage_path: string }[];
      expect(stored).toHaveLength(1);
      expect(stored[0]!.storage_path).toMatch(new RegExp(`^${huntId}/[0-9a-f-]{36}\\.jpg$`));
      const publicUrl = service.storage.from("hunt-photos").getPublicUrl(stored[0]!.storage_path)
        .data.publicUrl;
      expect((await fetch(publicUrl)).status, "no public URL for a hunt photo").not.toBe(200);

      // ── Inspected, live ──
      await a.page.getByRole("button", { name: "Move to Inspected" }).click();
      await toast(a.page, "Moved to Inspected").waitFor();
      await card(board.page, "inspected", title).waitFor();
      expect(await card(board.page, "contacted_owner", title).count()).toBe(0);
      expect(board.errors, "no errors on the watcher's page").toEqual([]);
      // The refused move above logs its 400 and the mutation's error; nothing else may.
      expect(
        a.errors.filter((e) => !/status of 400|Hunt not moved: .*Record the inspection/.test(e)),
        "no other errors on the mover's page",
      ).toEqual([]);
    } catch (err) {
      await screenshot(a.page, "property-hunt-pipeline-mover");
      await screenshot(board.page, "property-hunt-pipeline-watcher");
      throw err;
    } finally {
      await a.context.close();
      await board.context.close();
    }
  });
});
