/**
 * The signed-in user's own TOTP factors at the auth server: list, enrol, verify with a code,
 * remove. A refusal of a code or a removal comes back as the auth error (the screen shows it
 * next to the code); reading and enrolling throw.
 */
import type { AuthError } from "@supabase/supabase-js";
import { supabase } from "#app/lib/supabase.ts";

export interface FactorRow {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: string;
  created_at: string;
}

export interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
  uri: string;
}

export async function listTotpFactors(): Promise<FactorRow[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.all.filter((f) => f.factor_type === "totp") as FactorRow[];
}

export async function enrolTotp(): Promise<Enrolment> {
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: "totp",
    friendlyName: `Authenticator ${new Date().toISOString().slice(0, 19).replace("T", " ")}`,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/** A fresh challenge answered with the code (the session becomes aal2 when it is right). */
export async function verifyTotp(factorId: string, code: string): Promise<AuthError | null> {
  return (await supabase.auth.mfa.challengeAndVerify({ factorId, code })).error;
}

export async function unenrolFactor(factorId: string): Promise<AuthError | null> {
  return (await supabase.auth.mfa.unenroll({ factorId })).error;
}

/** After a removal the session still claims the removed factor's aal2: refresh to the real level. */
export async function refreshAuthSession(): Promise<void> {
  await supabase.auth.refreshSession();
}
