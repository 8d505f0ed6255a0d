/**
 * Follow-up automation and WhatsApp, end to end in Chromium: an admin builds the plan "new
 * consultation → WhatsApp confirmation template now → task for the owner due in 1 day → e-mail
 * in 3 days"; a visitor books a land title consultation (its one host is the demo admin, Kwame
 * Mensah, who owns the new contact) and asks for WhatsApp updates; the WhatsApp sandbox shows the
 * confirmation at once and the owner's task appears; the contact replies from the sandbox page:
 * the reply is on the contact's timeline, the owner's open page shows it live (toast), and the
 * plan is paused before its e-mail step, which never sends. The plan has no quiet hours so the walk
 * runs at any hour (quiet hours are the rules' unit tests and the runner's fixed-clock test).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replyRate } from "#core/action-plans/plan-schema.ts";
import { WHATSAPP_SANDBOX_PATH } from "#core/whatsapp/whatsapp.ts";
import { DEMO_PASSWORD, DEMO_USERS, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  hostUrl,
  launchBrowser,
  navigateInApp,
  openPage,
  screenshot,
  signedInPage,
  signInOnPage,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { kickJobsAs } from "../inboxes/helpers.ts";
import { service, toast } from "../properties-admin/helpers.ts";

const tag = crypto.randomUUID().slice(0, 6);
/** Kwame Mensah (admin@demo.test): the one host of land title consultations (seeds/74). */
const KWAME = "00000000-0000-4000-a000-000000000001";
const PLAN = `Consultation follow-up ${tag}`;
const SUBJECT = `How was your consultation ${tag}?`;
let browser: Browser;
let admin: TestUser;
const visitor = {
  name: `Adjoa Boateng ${tag}`,
  email: uniqueEmail("plan-visitor"),
  phone: `+233 20 ${String(Math.floor(Math.random() * 1e7))
    .padStart(7, "0")
    .replace(/(\d{3})(\d{4})/, "$1 $2")}`,
};
const digits = () => `233${visitor.phone.replace(/\D/g, "").slice(3)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
});
afterAll(async () => {
  await service.from("action_plans").delete().eq("name", PLAN);
  const { data } = await service.from("contacts").select("id").eq("email", visitor.email);
  const ids = ((data ?? []) as { id: string }[]).map((r) => r.id);
  await service.from("consultations").delete().eq("email", visitor.email);
  if (ids.length) {
    await service.from("tasks").delete().in("contact_id", ids);
    await service.from("whatsapp_messages").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("a consultation follow-up plan", () => {
  it("confirms on WhatsApp at once, gives the owner a task, and pauses when the client replies", async () => {
    const builder = await signedInPage(browser, admin, "/action-plans/new");
    const visit = await openPage(browser);
    const sandbox = await openPage(browser);
    try {
      // ── The admin builds the plan ────────────────────────────────────────────────────────
      const page = builder.page;
      const form = page.getByRole("form", { name: "Action plan" });
      await form.waitFor();
      await form.getByLabel("Plan name").fill(PLAN);
      await form.getByLabel("Starts when").selectOption({ label: "A new inbox item arrives" });
      await form.getByLabel("Inbox").selectOption({ label: "Consultation booked" });
      await form.getByLabel("Quiet from (hour, Accra)").fill("0");
      await form.getByLabel("Quiet until (hour, Accra)").fill("0");
      const add = async (kind: string) => {
        await form.getByLabel("New step").selectOption({ label: kind });
        await form.getByRole("button", { name: "Add step" }).click();
      };
      await add("Send a WhatsApp template");
      await form.getByLabel("Step 1 template").selectOption("consultation_confirmation");
      await form.getByLabel("Step 1 parameter {{1}}").fill("{{first_name}}");
      await form.getByLabel("Step 1 parameter {{2}}").fill("{{service}}");
      await form.getByLabel("Step 1 parameter {{3}}").fill("{{appointment_date}} at {{appointment_time}}");
      await add("Create a task for the owner");
      await form.getByLabel("Step 2 task title").fill("Call {{full_name}} about the consultation");
      await form.getByLabel("Step 2 due in").fill("1");
      await form.getByLabel("Step 2 due unit").selectOption("days");
      await add("Wait");
      await form.getByRole("textbox", { name: "Step 3 wait", exact: true }).fill("3");
      await form.getByLabel("Step 3 wait unit").selectOption("days");
      await add("Send an e-mail");
      await form.getByLabel("Step 4 subject").fill(SUBJECT);
      await form
        .getByLabel("Step 4 message")
        .fill("Dear {{first_name}}, thank you for meeting us. Reply if anything is open.");
      await form.getByRole("button", { name: "Create plan" }).click();
      await toast(page, "Plan created").waitFor();
      await page.getByRole("heading", { level: 1, name: PLAN }).waitFor();

      // ── A visitor books a consultation and asks for WhatsApp updates ───────────────────────
      await visit.page.goto(hostUrl("consult", "/?service=legal-title-support"));
      await visit.page.getByRole("heading", { level: 1, name: "Book a consultation" }).waitFor();
      const times = visit.page.getByRole("group", { name: "Time (Accra, GMT)" }).getByRole("radio");
      await times.first().waitFor({ state: "attached" });
      await times.first().check({ force: true });
      await visit.page.getByLabel("Full name").fill(visitor.name);
      await visit.page.getByLabel("Phone or WhatsApp number").fill(visitor.phone);
      await visit.page.getByLabel("Email").fill(visitor.email);
      await visit.page.getByRole("checkbox", { name: /on WhatsApp/ }).check();
      await visit.page.getByRole("checkbox", { name: /I agree/ }).check();
      await visit.page.getByRole("button", { name: "Book consultation" }).click();
      await visit.page.getByRole("heading", { name: /Your consultation is (requested|booked)/ }).waitFor();

      // ── The sandbox shows the WhatsApp confirmation at once ───────────────────────────────
      const message = sandbox.page.getByRole("article", {
        name: new RegExp(`To \\+${digits()} · consultation_confirmation`),
      });
      await expect
        .poll(
          async () => {
            await sandbox.page.goto(`${SUPABASE_URL}${WHATSAPP_SANDBOX_PATH}`);
            return message.count();
          },
          { interval: 1000 },
        )
        .toBeGreaterThan(0);
      await message
        .first()
        .getByText(/Hello Adjoa, your legal title support consultation/)
        .waitFor();

      const contact = (
        await service
          .from("contacts")
          .select("id, owner_id, whatsapp_opt_in")
          .eq("email", visitor.email)
          .single()
      ).data as {
        id: string;
        owner_id: string;
        whatsapp_opt_in: boolean;
      };
      expect(contact).toMatchObject({ owner_id: KWAME, whatsapp_opt_in: true });

      // ── The owner's task, and the owner's page open when the reply comes ──────────────────
      // Only signs in (the demo account's data is not changed): the bell and the contact page, live.
      // In the builder's browser, whose cache holds the back-office's scripts (a fresh one loaded
      // them again); the owner is an admin too, who reads the plan's page at the end.
      const owner = builder;
      await signInOnPage(
        owner.page,
        { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
        `/business-contacts/${contact.id}?tab=tasks`,
      );
      // In the Tasks tab (the summary names it too, as the contact's next step).
      await owner.page
        .getByTestId("linked-tasks")
        .getByText(`Call ${visitor.name} about the consultation`)
        .waitFor();
      await owner.page.getByRole("tab", { name: "Action plans" }).click();
      await owner.page
        .getByTestId("plan-runs")
        .getByRole("listitem", { name: `${PLAN}: Active` })
        .waitFor();

      await message
        .first()
        .getByLabel(/Reply as/)
        .fill("Thank you, I will bring the indenture.");
      await message.first().getByRole("button", { name: "Send reply" }).click();
      await sandbox.page
        .getByText(/webhook answered 200/)
        .first()
        .waitFor();

      await toast(owner.page, `WhatsApp from ${visitor.name}`).waitFor();
      await owner.page.getByRole("tab", { name: "Timeline" }).click();
      await owner.page
        .getByTestId("contact-timeline")
        .getByText("WhatsApp received: Thank you, I will bring the indenture.")
        .waitFor();
      await owner.page.getByRole("tab", { name: "Action plans" }).click();
      const run = owner.page.getByTestId("plan-runs").getByRole("listitem", { name: `${PLAN}: Paused` });
      await run.waitFor();
      await run.getByText(/Paused \(the contact replied\)/).waitFor();

      // ── The e-mail step never sends ───────────────────────────────────────────────────────
      const plan = (await service.from("action_plans").select("id").eq("name", PLAN).single()).data as {
        id: string;
      };
      // Other files book consultations too while this plan is on: its runs for them are not ours.
      const stored = (
        await service
          .from("action_plan_runs")
          .select("status, paused_reason, replied_at")
          .eq("plan_id", plan.id)
          .eq("contact_id", contact.id)
          .single()
      ).data as { status: string; paused_reason: string; replied_at: string | null };
      expect(stored).toMatchObject({ status: "paused", paused_reason: "replied" });
      await kickJobsAs(admin);
      const mails = (await (
        await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(visitor.email)}`)
      ).json()) as {
        messages: { subject: string }[];
      };
      expect(mails.messages.map((m) => m.subject)).not.toContain(SUBJECT);

      // The plan's page counts the reply (among any runs other files' consultations started).
      const runs = (await service.from("action_plan_runs").select("replied_at").eq("plan_id", plan.id))
        .data as { replied_at: string | null }[];
      const rate = replyRate({ replied: runs.filter((r) => r.replied_at).length, total: runs.length });
      await navigateInApp(page, `/action-plans/${plan.id}`);
      await expect.poll(() => page.getByTestId("figure-reply-rate").textContent()).toBe(`${rate} %`);
      for (const w of [builder, visit]) expect(w.errors).toEqual([]);
    } catch (e) {
      for (const [w, name] of [
        [builder, "plan-builder"],
        [visit, "plan-visitor"],
        [sandbox, "plan-sandbox"],
      ] as const)
        await screenshot(w.page, name);
      throw e;
    } finally {
      await Promise.all([builder, visit, sandbox].map((w) => w.context.close()));
    }
  });
});
