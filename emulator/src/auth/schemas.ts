/**
 * Request bodies of the GoTrue endpoints, as GoTrue's Go structs accept them: unknown keys are
 * ignored, `null` means "not given", a value of the wrong JSON type is a `bad_json` error.
 */
import { z } from "zod";

const str = z.string().nullish();
const meta = z.record(z.string(), z.unknown()).nullish();

export const SignupBody = z.looseObject({
  email: str,
  phone: str,
  password: str,
  data: meta,
  channel: str,
  code_challenge: str,
  code_challenge_method: str,
});

export const PasswordGrantBody = z.looseObject({ email: str, phone: str, password: str });
export const RefreshGrantBody = z.looseObject({ refresh_token: str });

export const UserUpdateBody = z.looseObject({
  email: str,
  phone: str,
  password: z.string().nullish(),
  current_password: str,
  nonce: str,
  data: meta,
  app_metadata: meta,
});

export const RecoverBody = z.looseObject({ email: str, code_challenge: str, code_challenge_method: str });

export const VerifyBody = z.looseObject({
  type: str,
  token: str,
  token_hash: str,
  email: str,
  phone: str,
  redirect_to: str,
});

export const EnrollFactorBody = z.looseObject({
  friendly_name: str,
  factor_type: str,
  issuer: str,
  phone: str,
});

export const ChallengeFactorBody = z.looseObject({ channel: str });
export const VerifyFactorBody = z.looseObject({ challenge_id: str, code: str });

export const AdminUserBody = z.looseObject({
  id: str,
  aud: str,
  role: str,
  email: str,
  phone: str,
  password: z.string().nullish(),
  password_hash: str,
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: meta,
  app_metadata: meta,
  ban_duration: str,
});

export const AdminGenerateLinkBody = z.looseObject({
  type: str,
  email: str,
  password: z.string().nullish(),
  data: meta,
  redirect_to: str,
  redirectTo: str,
});

export const AdminDeleteBody = z.looseObject({ should_soft_delete: z.boolean().nullish() });
