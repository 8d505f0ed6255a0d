/**
 * Shared steps of the properties-admin end-to-end files (each file creates its own users and
 * listings, so the files run side by side): real photo files made with sharp, creating a listing through the form, and reading the outcome with the secret key.
 */
import sharp from "sharp";
import type { Page } from "playwright-core";
import { hostUrl } from "#tests/support/browser.ts";
import { serviceClient } from "#tests/support/supabase.ts";

export const service = serviceClient();

/** A real JPEG of one colour (a "photo" whose order can be told apart). */
export async function photoFile(
  name: string,
  rgb: [number, number, number],
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * Creates a listing through the "New listing" form (opened unless the page is on it); returns its
 * id (from the URL it lands on).
 */
export async function createListingInForm(
  page: Page,
  values: { title: string; city: string; price: string; bedrooms?: string; status?: string },
): Promise<string> {
  if (new URL(page.url()).pathname !== "/properties-admin/new")
    await page.goto(hostUrl("crm", "/properties-admin/new"));
  const form = page.getByRole("form", { name: "New listing" });
  await form.waitFor();
  // By accessible name (a required field's "*" is hidden from it).
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(values.title);
  await form.getByRole("textbox", { name: "Price", exact: true }).fill(values.price);
  await form.getByRole("textbox", { name: "Bedrooms", exact: true }).fill(values.bedrooms ?? "3");
  await form.getByRole("textbox", { name: "City or town", exact: true }).fill(values.city);
  if (values.status)
    await form.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: values.status });
  await form.getByRole("button", { name: "Create listing" }).click();
  await toast(page, "Listing created").waitFor();
  await page.waitForFunction(
    () => /\/properties-admin\/[0-9a-f-]{36}$/.test(window.location.pathname),
    undefined,
  );
  return new URL(page.url()).pathname.split("/").pop()!;
}

export async function listingRow(
  id: string,
): Promise<{ slug: string; status: string; published_at: string | null; title: string }> {
  const { data, error } = await service
    .from("properties")
    .select("slug, status, published_at, title")
    .eq("id", id)
    .single();
  if (error) throw new Error(error.message);
  return data as { slug: string; status: string; published_at: string | null; title: string };
}

export async function photoPaths(id: string): Promise<string[]> {
  const { data, error } = await service
    .from("property_images")
    .select("storage_path, position")
    .eq("property_id", id)
    .order("position");
  if (error) throw new Error(error.message);
  return (data as { storage_path: string }[]).map((r) => r.storage_path);
}

/** Removes the listings (and their stored photos) a file created. */
export async function removeListings(ids: string[]): Promise<void> {
  for (const id of ids) {
    const paths = await photoPaths(id).catch(() => []);
    if (paths.length) await service.storage.from("property-images").remove(paths);
    await service.from("properties").delete().eq("id", id);
  }
}

/**
 * Closes the open toasts. Sonner shows older toasts of a stack faded behind the newest one, which
 * axe measures as low contrast: accessibility checks run on the page itself. Each close button is
 * pressed in the page, then this waits until every closed toast has faded out: clicking through a
 * locator raced the fade (a toast leaving the DOM between the count and the click made the click
 * wait for the hang guard, a minute per call).
 */
export async function clearToasts(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    document
      .querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"]) [data-close-button]')
      .forEach((close) => close.click());
    return document.querySelector("[data-sonner-toast] [data-close-button]") === null;
  });
}
