/**
 * An issued invoice's link on WhatsApp Business: staff press "Send on WhatsApp" on the invoice
 * billed to a contact's number. While the contact has not opted in nothing is queued and the
 * reason shows; once they have, the approved template `invoice_link` reaches the WhatsApp sandbox
 * with the client's first name, the number, the amount due and the public link.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHATSAPP_SANDBOX_MESSAGES_PATH, type SandboxMessage } from "#core/whatsapp/whatsapp.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { issuedInvoice, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const phone = `+23320${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const client = { name: `Akosua Darko ${tag}`, email: `akosua-${tag}@tests.example`, phone };
let contactId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  const { data, error } = await service
    .from("contacts")
    .insert({
      first_name: "Akosua",
      last_name: `Darko ${tag}`,
      phone,
      owner_id: staff.id,
      consent_status: "given",
      consent_source: "in_person",
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  contactId = (data as { id: string }).id;
});
afterAll(async () => {
  if (contactId) {
    await service.from("whatsapp_messages").delete().eq("contact_id", contactId);
    await service.from("contacts").delete().eq("id", contactId);
  }
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

const sandbox = async (): Promise<SandboxMessage[]> =>
  (
    (await (
      await fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_MESSAGES_PATH}?to=${phone.replace("+", "")}`)
    ).json()) as { messages: SandboxMessage[] }
  ).messages;

describe("an invoice's link on WhatsApp", () => {
  it("is refused until the contact opts in, then reaches the sandbox as the invoice_link template", async () => {
    const inv = await issuedInvoice(staff.id, client);
    const w = await signedInPage(browser, staff, `/invoices-receipts/${inv.id}`);
    try {
      const send = w.page.getByRole("toolbar", { name: "Document actions" }).getByRole("button", {
        name: "Send on WhatsApp",
      });
      await send.click();
      await toast(w.page, "Not sent on WhatsApp").waitFor();
      await w.page
        .getByText(/has not agreed to WhatsApp messages/)
        .first()
        .waitFor();
      expect(
        (await service.from("whatsapp_messages").select("id").eq("contact_id", contactId)).data,
        "nothing queued without the opt-in",
      ).toEqual([]);

      await service.from("contacts").update({ whatsapp_opt_in: true }).eq("id", contactId);
      await send.click();
      await toast(w.page, `Invoice link queued on WhatsApp to Akosua Darko ${tag}`).waitFor();
      await expect.poll(async () => (await sandbox()).length).toBe(1);
      const [sent] = await sandbox();
      expect(sent).toMatchObject({ template: "invoice_link", to: phone.replace("+", "") });
      expect(sent!.parameters.slice(0, 2)).toEqual(["Akosua", inv.number]);
      expect(sent!.parameters[2]).toMatch(/^GHS [\d,]+\.\d{2}$/);
      expect(sent!.parameters[3]).toMatch(new RegExp(`/invoice/${inv.id}$`));
      // The refusal is the one expected console error (the query client logs it); nothing else.
      expect(w.errors.filter((e) => !/has not agreed to WhatsApp/.test(e))).toEqual([]);
    } catch (e) {
      await screenshot(w.page, "invoice-whatsapp");
      throw e;
    } finally {
      await w.context.close();
    }
  });
});
