/**
 * Two-factor code and password forms (spec §5), shared by the SPA and the tests. The sign-in
 * screen's own rules are zod-free, in ../sign-in.ts.
 */
import { z } from "zod";
import { TEXT, TWO_FACTOR_CODE_LENGTH } from "../constants.ts";

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

