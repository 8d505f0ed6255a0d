/**
 * The back-office team (staff and admins) as pickers and names read it: profiles with a
 * back-office role (staff may read all profiles).
 */
import { parseProfiles, PROFILE_COLUMNS, type Profile } from "#core/schemas/profile.ts";
import { supabase } from "./supabase.ts";

export async function loadTeamMembers(): Promise<Profile[]> {
  const { data, error } = await supabase
    .from("profiles")
    .select(PROFILE_COLUMNS)
    .in("role", ["admin", "staff"])
    .order("first_name");
  if (error) throw error;
  return parseProfiles(data);
}
