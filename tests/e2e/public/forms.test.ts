/**
 * The four public forms, each on its own page/host: per-field errors for bad input (the shared
 * zod messages), then a successful submission whose row staff can read in the database.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONSENT_REQUIRED_MESSAGE,
  contactFormSchema,
  fieldErrors,
  PHONE_MESSAGE,
} from "#core/schemas/forms.ts";
import { DEMO_USERS } from "#scripts/local-env.ts";
import { hostUrl, launchBrowser, SITE } from "#tests/support/browser.ts";
import { signedInClient, uniqueEmail } from "#tests/support/supabase.ts";
import { sharedVisitor } from "./helpers.ts";

let browser: Browser;
// One visitor's page for the file's tests (each opens its own address in it).
const visitor = sharedVisitor();
let staff: SupabaseClient;
beforeAll(async () => {
  browser = await launchBrowser();
  staff = await signedInClient(DEMO_USERS.staff);
});
afterAll(async () => {
  await visitor.close();
  await browser?.close();
});

async function fieldError(page: Page, name: string): Promise<string> {
  const el = page.locator(`[data-field-error="${name}"]`);
  await el.waitFor();
  return (await el.textContent()) ?? "";
}

async function rowByEmail(table: string, email: string): Promise<Record<string, unknown>> {
  let row: Record<string, unknown> | null = null;
  await expect
    .poll(async () => {
      const { data, error } = await staff.from(table).select("*").eq("email", email);
      if (error) throw error;
      row = (data?.[0] as Record<string, unknown>) ?? null;
      return data?.length ?? 0;
    })
    .toBe(1);
  return row!;
}

describe("contact form (/contact)", () => {
  it("shows per-field errors, keeps the input, then submits and stores the message", async () => {
    const email = uniqueEmail("contact");
    await visitor.run(browser, "contact", async (page) => {
      await page.goto(`${SITE}/contact`);
      await page.getByLabel("Full name").fill("Ama Owusu");
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Phone (optional)").fill("12345");
      await page.getByRole("textbox", { name: "Message" }).fill("short");
      await page.getByRole("button", { name: "Send message" }).click();
      // The same messages the shared schema (and so the server) gives for this input.
      const expected = fieldErrors(
        contactFormSchema.safeParse({
          full_name: "Ama Owusu",
          email: "not-an-email",
          phone: "12345",
          message: "short",
          consent: false,
        }).error!,
      );
      expect(await fieldError(page, "email")).toBe("Enter a valid email address");
      expect(await fieldError(page, "phone")).toBe(expected.phone);
      expect(await fieldError(page, "message")).toBe("Tell us a little more (at least 10 characters)");
      expect(await fieldError(page, "consent")).toBe(CONSENT_REQUIRED_MESSAGE);
      // Nothing typed was lost.
      expect(await page.getByLabel("Full name").inputValue()).toBe("Ama Owusu");
      expect(await page.getByLabel("Email").inputValue()).toBe("not-an-email");

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone (optional)").fill("024 412 3456");
      await page
        .getByRole("textbox", { name: "Message" })
        .fill("I would like to list my 3-bedroom house in Dzorwulu for sale.");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByRole("heading", { name: "Thank you, your message is with us" }).waitFor();
    });
    const row = await rowByEmail("contact_submissions", email);
    expect(row.full_name).toBe("Ama Owusu");
    expect(row.phone).toBe("+233244123456");
    expect(String(row.message)).toContain("Dzorwulu");
  });
});

describe("server-side validation", () => {
  it("shows the form API's 400 errors (here: an unknown linked listing) and keeps the input", async () => {
    const email = uniqueEmail("contact400");
    await visitor.run(browser, "contact-400", async (page) => {
      await page.goto(`${SITE}/contact?property=no-such-listing-anywhere`);
      await page.getByLabel("Full name").fill("Kwesi Appiah");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("textbox", { name: "Message" }).fill("Is this house still available for viewing?");
      await page.getByRole("checkbox").check();
      const response = page.waitForResponse((r) => r.url().endsWith("/api/forms/contact"));
      await page.getByRole("button", { name: "Send message" }).click();
      expect((await response).status()).toBe(400);
      await page.getByRole("alert").filter({ hasText: "This property is not available" }).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(email);
      expect(await page.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    });
    const { data } = await staff.from("contact_submissions").select("id").eq("email", email);
    expect(data).toEqual([]);
  });
});

describe("consultation host root", () => {
  it("is the consultation booking page; offers free times only, validates, then books and stores the request", async () => {
    const email = uniqueEmail("consult");
    let picked = { date: "", time: "" };
    await visitor.run(browser, "consult", async (page) => {
      await page.goto(hostUrl("consult", "/?service=property-valuation"));
      await page.getByRole("heading", { level: 1, name: "Book a consultation" }).waitFor();
      expect(await page.getByRole("combobox", { name: "Service" }).inputValue()).toBe("property-valuation");
      // The free times: a day is preselected, a time must be chosen.
      const times = page.getByRole("group", { name: "Time (Accra, GMT)" }).getByRole("radio");
      await times.first().waitFor({ state: "attached" });
      await page.getByRole("button", { name: "Book consultation" }).click();
      expect(await fieldError(page, "time_slot")).toBe("Choose a time");
      expect(await fieldError(page, "full_name")).toBe("Enter your full name");

      await times.last().check({ force: true });
      picked = {
        date: (await page
          .getByRole("group", { name: "Day" })
          .getByRole("radio", { checked: true })
          .getAttribute("value"))!,
        time: (await times.last().getAttribute("value"))!,
      };
      await page.getByLabel("How would you like to meet?").selectOption("video");
      await page.getByLabel("Full name").fill("Kofi Boateng");
      await page.getByLabel("Phone or WhatsApp number").fill("+233 20 555 0199");
      await page.getByLabel("Email").fill(email);
      await page.locator('input[name="consent"]').check();
      await page.getByRole("button", { name: "Book consultation" }).click();
      await page.getByRole("heading", { name: "Your consultation is requested" }).waitFor();
    });
    const row = await rowByEmail("consultations", email);
    expect(row.service).toBe("property-valuation");
    expect(row.preferred_date).toBe(picked.date);
    expect(row.time_slot).toBe(picked.time);
    expect(row.meeting_mode).toBe("video");
  });
});

describe("bookings host root", () => {
  it("is the viewing booking page, linked to the property it came from; stores the booking", async () => {
    const { data: prop, error } = await staff
      .from("properties")
      .select("id,slug,title")
      // A seeded listing of this file's own: two files booking the same listing's slots would clash.
      .eq("slug", "3-bedroom-house-spintex-baatsona")
      .single();
    if (error) throw error;
    const p = prop as { id: string; slug: string; title: string };
    const email = uniqueEmail("booking");
    let slot = "";
    await visitor.run(browser, "bookings", async (page) => {
      await page.goto(hostUrl("bookings", `/?property=${p.slug}`));
      await page.getByRole("heading", { level: 1, name: "Book a viewing" }).waitFor();
      await page.getByTestId("booking-property").getByText(p.title).waitFor();
      await page.getByLabel("Full name").fill("Efua Mensah");
      await page.getByLabel("Phone or WhatsApp number").fill("not a phone");
      await page.getByRole("button", { name: "Book viewing" }).click();
      expect(await fieldError(page, "phone")).toBe(PHONE_MESSAGE);
      expect(await fieldError(page, "email")).toBe("Enter a valid email address");

      // Free times only: the last offered time of the preselected day.
      const times = page.getByRole("group", { name: "Time (Accra, GMT)" }).getByRole("radio");
      await times.first().waitFor({ state: "attached" });
      await times.last().check({ force: true });
      slot = (await times.last().getAttribute("value"))!;
      await page.getByLabel("People attending").selectOption("2");
      await page.getByLabel("Phone or WhatsApp number").fill("0501234567");
      await page.getByLabel("Email").fill(email);
      await page.locator('input[name="consent"]').check();
      await page.getByRole("button", { name: "Book viewing" }).click();
      await page.getByRole("heading", { name: "Your viewing request is in" }).waitFor();
    });
    const row = await rowByEmail("bookings", email);
    expect(row.property_id).toBe(p.id);
    expect(row.property_slug).toBe(p.slug);
    expect(row.attendees).toBe(2);
    expect(row.time_slot).toBe(slot);
  });
});

describe("request host root", () => {
  it("is the property request form; validates ranges, then stores the request", async () => {
    const email = uniqueEmail("request");
    await visitor.run(browser, "request", async (page) => {
      await page.goto(hostUrl("request", "/"));
      await page.getByRole("heading", { level: 1, name: "Tell us what you are looking for" }).waitFor();
      await page.getByLabel("Budget from (optional)").fill("900000");
      await page.getByLabel("Budget up to").fill("500000");
      await page.getByRole("button", { name: "Send my request" }).click();
      expect(await fieldError(page, "listing_type")).toBe("Choose buy or rent");
      expect(await fieldError(page, "locations")).toBe("Name at least one location");

      await page.getByRole("radio", { name: "Rent" }).check();
      await page.getByRole("checkbox", { name: "Apartment" }).check();
      await page.getByLabel("When do you need it?").selectOption("1_3_months");
      await page.getByLabel("Preferred locations").fill("East Legon, Cantonments");
      await page.getByLabel("Full name").fill("Yaw Asante");
      await page.getByLabel("Phone or WhatsApp number").fill("0244123456");
      await page.getByLabel("Email").fill(email);
      await page.locator('input[name="consent"]').check();
      await page.getByRole("button", { name: "Send my request" }).click();
      expect(await fieldError(page, "budget_max")).toBe("Maximum budget must be at least the minimum");

      await page.getByLabel("Budget from (optional)").fill("5000");
      await page.getByLabel("Budget up to").fill("12000");
      await page.getByLabel("Bedrooms from").selectOption("2");
      await page.getByLabel("Bedrooms up to").selectOption("3");
      await page.getByRole("button", { name: "Send my request" }).click();
      await page.getByRole("heading", { name: "Your request is with our search team" }).waitFor();
    });
    const row = await rowByEmail("property_requests", email);
    expect(row.listing_type).toBe("rent");
    expect(row.locations).toEqual(["East Legon", "Cantonments"]);
    expect(Number(row.budget_max)).toBe(12000);
    expect(row.bedrooms_min).toBe(2);
  });
});

describe("collab host root", () => {
  it("shows the collaboration portal's entry with partner sign-in", async () => {
    await visitor.run(browser, "collab", async (page) => {
      await page.goto(hostUrl("collab", "/"));
      await page.getByRole("heading", { level: 1, name: /Partner with/ }).waitFor();
      expect(await page.getByRole("link", { name: "Partner sign in" }).getAttribute("href")).toBe("/auth");
    });
  });
});
