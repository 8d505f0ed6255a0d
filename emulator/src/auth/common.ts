/** Small pieces several auth handlers share. */
import crypto from "node:crypto";
import type { EmulatorContext } from "../context.ts";
import { badRequest } from "./errors.ts";
import { isRedirectAllowed, readAllowList } from "./redirects.ts";
import type { RateLimiter } from "./rate-limit.ts";

export interface AuthDeps {
  ctx: EmulatorContext;
  limiter: RateLimiter;
  /** Mails sent in the current hour (GoTrue's email rate limit, `email_sent` per hour). */
  mailBudget: { hour: number; sent: number };
}

// The format check GoTrue uses (badoux/checkmail ValidateFormat).
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, ≤ 255 characters, well-formed; returns it lower-cased. */
export function validateEmail(email: string | null | undefined): string {
  if (!email) throw badRequest("validation_failed", "An email address is required");
  if (email.length > 255) throw badRequest("validation_failed", "An email address is too long");
  if (!EMAIL_RE.test(email))
    throw badRequest("validation_failed", "Unable to validate email address: invalid format");
  return email.toLowerCase();
}

/** GoTrue's GenerateTokenHash: hex SHA-224 of email (or phone) + OTP. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return crypto
    .createHash("sha224")
    .update(emailOrPhone + otp)
    .digest("hex");
}

export function generateOtp(length = 6): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(crypto.randomInt(0, 10));
  return out;
}

/** Where a mailed link may send the user back to (see redirects.ts); the site URL otherwise. */
export function allowedRedirect(ctx: EmulatorContext, candidate: string | null | undefined): string {
  if (candidate && isRedirectAllowed(ctx.config.siteUrl, allowList(), candidate)) return candidate;
  return ctx.config.siteUrl;
}

let cachedAllowList: RegExp[] | null = null;
function allowList(): RegExp[] {
  cachedAllowList ??= readAllowList();
  return cachedAllowList;
}
