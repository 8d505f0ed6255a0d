/**
 * Shared steps of the money end-to-end files. Each file creates its own users and
 * documents (client names carry a per-file tag), so the files run side by side: an issued
 * invoice made with the secret key (for flows that start after issue),
 * reading documents back, the emulator's mail outbox and a real PDF download.
 */
import type { Page } from "playwright-core";
import { toMinor } from "#core/money/minor-units.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { SITE, downloadedBytes } from "#tests/support/browser.ts";
import { serviceClient, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { waitUntil } from "#tests/support/wait.ts";

export const service = serviceClient();

export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

export type Line = {
  description: string;
  quantity: number;
  unit_price: string;
  tax_class: "standard" | "flat_rate" | "exempt";
};

/** The done-when invoice's lines: a standard-rated commission and exempt rent (GHS 18,500 in all). */
export const COMMISSION: Line = {
  description: "Commission: sale of 3-bedroom house, East Legon",
  quantity: 1,
  unit_price: "12500.00",
  tax_class: "standard",
};
export const EXEMPT_RENT: Line = {
  description: "Residential rent collected (exempt)",
  quantity: 2,
  unit_price: "1750.00",
  tax_class: "exempt",
};

/** An invoice issued with the secret key, owned by `ownerId`; returns its id and number. */
export async function issuedInvoice(
  ownerId: string,
  client: { name: string; email: string; phone?: string },
  lines: Line[] = [COMMISSION, EXEMPT_RENT],
): Promise<{ id: string; number: string }> {
  const ins = await service
    .from("invoices")
    .insert({
      bill_to_name: client.name,
      bill_to_email: client.email,
      bill_to_phone: client.phone ?? null,
      owner_id: ownerId,
    })
    .select("id")
    .single();
  if (ins.error) throw new Error(`draft: ${ins.error.message}`);
  const id = (ins.data as { id: string }).id;
  const items = await service
    .from("invoice_items")
    .insert(lines.map((l, i) => ({ invoice_id: id, position: i + 1, ...l })));
  if (items.error) throw new Error(`lines: ${items.error.message}`);
  const issued = await service.rpc("issue_invoice", { invoice_id: id });
  if (issued.error) throw new Error(`issue: ${issued.error.message}`);
  return { id, number: issued.data as string };
}

export interface InvoiceFigures {
  number: string | null;
  status: string;
  subtotal: number;
  tax_total: number;
  total: number;
  amount_paid: number;
  amount_credited: number;
}

/** An invoice's stored figures, in pesewas. */
export async function invoiceFigures(id: string): Promise<InvoiceFigures> {
  const { data, error } = await service
    .from("invoices")
    .select("number, status, subtotal, tax_total, total, amount_paid, amount_credited")
    .eq("id", id)
    .single();
  if (error) throw new Error(error.message);
  const r = data as Record<string, string | number | null>;
  const m = (k: string) => toMinor(String(r[k]));
  return {
    number: r.number as string | null,
    status: r.status as string,
    subtotal: m("subtotal"),
    tax_total: m("tax_total"),
    total: m("total"),
    amount_paid: m("amount_paid"),
    amount_credited: m("amount_credited"),
  };
}

/** The payments recorded against an invoice (through its allocations). */
export async function paymentsOf(
  invoiceId: string,
): Promise<{ id: string; number: string; method: string; momo_network: string | null; amount: number }[]> {
  const { data, error } = await service
    .from("payment_allocations")
    .select("payments(id, number, method, momo_network, amount)")
    .eq("invoice_id", invoiceId);
  if (error) throw new Error(error.message);
  return (
    data as unknown as {
      payments: { id: string; number: string; method: string; momo_network: string | null; amount: number };
    }[]
  ).map((r) => ({ ...r.payments, amount: toMinor(String(r.payments.amount)) }));
}

export interface OutboxMail {
  to: string;
  subject: string;
  html: string;
  attachments: { filename: string; content_type: string; content: string }[];
}

/** The mails the emulator's outbox received for `to`, newest first. */
export async function outbox(to: string): Promise<OutboxMail[]> {
  const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`outbox: ${res.status}`);
  return ((await res.json()) as { messages: OutboxMail[] }).messages;
}

/**
 * Waits for a mail to `to` whose subject matches, asking the edge worker's job runner to deliver
 * now (POST /api/jobs/kick, as staff) while it waits — the runner's own minute would also do.
 */
export function waitForMail(
  to: string,
  subject: RegExp,
  token: string,
  timeoutMs = 40_000,
): Promise<OutboxMail> {
  return waitUntil(
    `a mail to ${to} matching ${subject}`,
    async () => {
      const mail = (await outbox(to)).find((m) => subject.test(m.subject));
      if (mail) return mail;
      await fetch(`${SITE}/api/jobs/kick`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
      return null;
    },
    { timeoutMs, intervalMs: 1_000 },
  );
}

/**
 * Fills the "Record an entry" form of /finances with a transport expense (and its receipt, if
 * given) and sends it.
 */
export async function recordTransportExpense(
  page: Page,
  e: {
    amount: string;
    paidTo: string;
    description: string;
    receipt?: { name: string; mimeType: string; buffer: Buffer };
  },
): Promise<void> {
  await page.getByRole("button", { name: "Record an entry" }).click();
  const form = page.getByRole("form", { name: "Record an entry" });
  await form
    .getByRole("combobox", { name: "Category", exact: true })
    .selectOption({ label: "Transport and fuel" });
  await form.getByRole("textbox", { name: "Amount", exact: true }).fill(e.amount);
  await form.getByRole("textbox", { name: "Paid to / received from" }).fill(e.paidTo);
  await form.getByRole("textbox", { name: "Description", exact: true }).fill(e.description);
  if (e.receipt) await form.getByLabel("Receipts").setInputFiles(e.receipt);
  await form.getByRole("button", { name: "Record" }).click();
}

/** A staff member's access token (for kicking the jobs as the SPA does). */
export async function accessToken(user: TestUser): Promise<string> {
  const client = await signedInClient(user.email, user.password);
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** Clicks a download link and returns the downloaded file's name and bytes. */
export async function download(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: dl.suggestedFilename(), bytes: await downloadedBytes(dl) };
}

/** A real PDF: the header, an end-of-file marker, and the text we expect somewhere in it. */
export function isPdf(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 5).toString("latin1") === "%PDF-" &&
    bytes.subarray(-1024).toString("latin1").includes("%%EOF")
  );
}
