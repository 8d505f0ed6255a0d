/**
 * The new-password form, shared by the SPA and the tests. The sign-in screen's rules
 * (credentials, the digits-only two-factor code) are zod-free, in ../sign-in.ts.
 */
import { z } from "zod";

/** GoTrue's default minimum is 6; we ask for 8. */
export const PASSWORD_MIN_LENGTH = 8;

export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(72, "Use at most 72 characters"),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match", path: ["confirm"] });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
