/**
 * The mails GoTrue sends, with its default templates' wording, delivered to the emulator's outbox.
 * Links point at GoTrue's GET /verify, like `{{ .ConfirmationURL }}` does.
 */
import type { Tx } from "../db.ts";
import { escapeHtml, sendMail } from "../outbox/mail.ts";
import type { AuthDeps } from "./common.ts";
import { AuthError } from "./errors.ts";

export function verifyLink(deps: AuthDeps, tokenHash: string, type: string, redirectTo: string): string {
  return `${deps.ctx.config.publicUrl}/auth/v1/verify?token=${tokenHash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

/** GoTrue's email rate limit (`email_sent` mails per hour, project-wide): 429 over_email_send_rate_limit. */
export function takeMailBudget(deps: AuthDeps, count = 1): void {
  const hour = Math.floor(Date.now() / 3_600_000);
  if (deps.mailBudget.hour !== hour) deps.mailBudget = { hour, sent: 0 };
  if (deps.mailBudget.sent + count > deps.ctx.config.rateLimits.emailSent) {
    throw new AuthError(429, "over_email_send_rate_limit", "Email rate limit exceeded");
  }
  deps.mailBudget.sent += count;
}

export async function sendRecoveryMail(tx: Tx, to: string, link: string, otp: string): Promise<void> {
  await sendMail(tx, {
    to,
    subject: "Reset Your Password",
    html: `<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="${escapeHtml(link)}">Reset Password</a></p>\n<p>Alternatively, enter the code: ${otp}</p>`,
    text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    kind: "auth",
  });
}

export async function sendEmailChangeMail(
  tx: Tx,
  to: string,
  from: string,
  newEmail: string,
  link: string,
  otp: string,
): Promise<void> {
  await sendMail(tx, {
    to,
    subject: "Confirm Email Change",
    html:
      `<h2>Confirm Change of Email</h2>\n<p>Follow this link to confirm the update of your email from ${escapeHtml(from)} to ${escapeHtml(newEmail)}:</p>\n` +
      `<p><a href="${escapeHtml(link)}">Change Email</a></p>\n<p>Alternatively, enter the code: ${otp}</p>`,
    text: `Confirm Change of Email\n\nFollow this link to confirm the update of your email from ${from} to ${newEmail}:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    kind: "auth",
  });
}
