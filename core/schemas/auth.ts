/**
 * Sign-in, two-factor and password forms (spec §5), shared by the SPA and the tests.
 */
import { z } from "zod";
import { TEXT, TWO_FACTOR_CODE_LENGTH } from "../constants.ts";

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address")),
  password: z.string().min(1, "Password is required"),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Keeps digits only, at most six: pasting "123 456" or "12a3456" gives "123456". */
export function sanitizeTotpInput(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, TWO_FACTOR_CODE_LENGTH);
}

export const totpCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), TEXT.shortCode);

export const twoFactorSchema = z.object({ code: totpCodeSchema });
export type TwoFactorInput = z.infer<typeof twoFactorSchema>;

/** GoTrue's default minimum is 6; we ask for 8. */
export const PASSWORD_MIN_LENGTH = 8;

export const newPasswordSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`).max(72, "Use at most 72 characters"),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match", path: ["confirm"] });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/**
 * The in-app path a visitor returns to after signing in. Only same-origin absolute paths are
 * accepted ("/deals?x=1"); anything else ("//evil.example", "https://…", "/auth" itself) gives null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  if (value === "/auth" || value.startsWith("/auth?") || value.startsWith("/auth#")) return null;
  return value;
}
