/**
 * Shared steps of the inbox end-to-end files (each file makes its own users and records, so the
 * files run side by side): the mails a visitor received in the emulator's outbox, and the inbox
 * screen's detail pane.
 */
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { SITE } from "#tests/support/browser.ts";
import { signedInClient, type TestUser } from "#tests/support/supabase.ts";

export { service, toast } from "../properties-admin/helpers.ts";

export interface OutboxMail {
  to: string;
  subject: string;
  html: string;
  text: string | null;
  attachments: Array<{ filename: string; content_type: string; content: string }>;
}

/** Asks the edge to run its jobs now, as a staff member (the SPA does the same after an action). */
export async function kickJobsAs(user: TestUser): Promise<void> {
  const { data } = await (await signedInClient(user.email, user.password)).auth.getSession();
  await fetch(`${SITE}${JOBS_KICK_PATH}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${data.session!.access_token}` },
  });
}

/**
 * Waits for a mail to `to` whose subject matches: the appointment-mail and deliver-emails jobs
 * run in the background (every minute, or at once after a kick — `kick` asks again now and then).
 */
export async function mailTo(
  to: string,
  subject: RegExp,
  kick?: () => Promise<void>,
  timeout = 45_000,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  let polls = 0;
  await expect
    .poll(
      async () => {
        if (kick && polls++ % 5 === 0) await kick().catch(() => undefined);
        const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(to)}&limit=20`);
        const { messages } = (await res.json()) as { messages: OutboxMail[] };
        found = messages.find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout, interval: 1000 },
    )
    .toBe(true);
  return found!;
}

/** The open record's pane beside the list (app/components/records/detail-pane.tsx). */
export function detailPane(page: Page) {
  return page.getByTestId("detail-pane");
}
