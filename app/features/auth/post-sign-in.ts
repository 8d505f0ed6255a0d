/**
 * Where a user goes after signing in: the page they came from if a guard sent them
 * here, else admins to /dashboard and everyone else — also when the role lookup fails — to /.
 */
import { postSignInPath } from "#core/roles.ts";
import { safeRedirectPath } from "#core/sign-in.ts";
import { getSupabase } from "#app/lib/session.tsx";

export async function lookupRole(userId: string): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("profiles").select("role").eq("user_id", userId).maybeSingle();
  if (error) {
    console.error("sign-in: role lookup failed", error);
    return null;
  }
  const role = (data as { role?: unknown } | null)?.role;
  return typeof role === "string" ? role : null;
}

export async function destinationAfterSignIn(userId: string, redirectTo: string | null): Promise<string> {
  const back = safeRedirectPath(redirectTo);
  if (back) return back;
  return postSignInPath(await lookupRole(userId));
}
