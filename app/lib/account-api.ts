/**
 * The signed-in user's own account at the auth server: a new password (from Settings, and from a
 * password-reset link's session on the reset page).
 */
import type { User } from "@supabase/supabase-js";
import { TEXT } from "#core/constants.ts";
import { supabase } from "./supabase.ts";

/** Sets the user's password; the error says why the auth server refused it. */
export async function changePassword(password: string): Promise<User> {
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  if (!data.user) throw new Error(TEXT.unexpectedError);
  return data.user;
}
