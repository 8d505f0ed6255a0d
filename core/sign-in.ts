/**
 * The sign-in screen's rules: the credentials form, the two-factor code input and
 * the return path after signing in. Plain checks, no zod: they are part of the sign-in route's
 * initial JavaScript, which is budgeted (scripts/size.ts) and would grow by ~27 KB gzip with zod.
 * The form's values are strings from its own inputs, not unknown data, so no schema is lost.
 */
import { TWO_FACTOR_CODE_LENGTH } from "./constants.ts";

export const SIGN_IN_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  passwordRequired: "Password is required",
} as const;

/**
 * The address pattern of zod's `z.email()` (zod/v4/core/regexes.ts `email`), which this form
 * used before; sign-in.test.ts checks that the two stay the same.
 */
// Character for character zod's source (sign-in.test.ts compares them), escapes included.
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export interface SignInInput {
  email: string;
  password: string;
}

export type SignInErrors = Partial<Record<keyof SignInInput, string>>;

export type SignInResult = { success: true; data: SignInInput } | { success: false; errors: SignInErrors };

/**
 * Email (trimmed) and password are required and the email must look like an address; the
 * password is sent as typed. One message per field, the first rule that fails.
 */
export function parseSignIn(input: SignInInput): SignInResult {
  const email = input.email.trim();
  const errors: SignInErrors = {};
  if (email === "") errors.email = SIGN_IN_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = SIGN_IN_MESSAGES.emailInvalid;
  if (input.password === "") errors.password = SIGN_IN_MESSAGES.passwordRequired;
  if (errors.email || errors.password) return { success: false, errors };
  return { success: true, data: { email, password: input.password } };
}

/** Keeps digits only, at most six: pasting "123 456" or "12a3456" gives "123456". */
export function sanitizeTotpInput(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, TWO_FACTOR_CODE_LENGTH);
}

/** Characters a URL parser drops or reinterprets: backslashes, controls, every kind of space. */
const UNSAFE_IN_PATH = /[\\\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

/**
 * The in-app path a visitor returns to after signing in. Only same-origin absolute paths are
 * accepted ("/deals?x=1"); anything else ("//evil.example", "https://…", "/auth" itself) gives null.
 * The path must mean the same to a browser's URL parser as it reads: no backslash (browsers
 * treat "/\\evil" as "//evil"), no control character or space (browsers drop tabs and newlines),
 * and parsed against any origin it must stay on that origin.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE_IN_PATH.test(value)) return null;
  const probe = "https://origin.invalid";
  let parsed: URL;
  try {
    parsed = new URL(value, probe);
  } catch {
    return null;
  }
  if (parsed.origin !== probe) return null;
  if (parsed.pathname === "/auth") return null;
  return value;
}
