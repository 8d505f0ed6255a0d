/**
 * A row of `profiles` as the SPA reads it. Parsed with valibot, not zod: the session
 * reads the signed-in user's profile before any screen shows — the public site's sign-in as well
 * as the back-office frame — and valibot's parser for this shape is a fraction of zod's.
 */
import * as v from "valibot";

export const profileSchema = v.object({
  user_id: v.string(),
  role: v.nullable(v.string()),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  avatar_url: v.nullable(v.string()),
  email: v.optional(v.nullable(v.string())),
});
export type Profile = v.InferOutput<typeof profileSchema>;

export const PROFILE_COLUMNS = "user_id, role, first_name, last_name, avatar_url, email";

/** The profile in a row, or the reasons it is not one. */
export function parseProfile(row: unknown): { profile: Profile } | { issues: string[] } {
  const parsed = v.safeParse(profileSchema, row);
  return parsed.success
    ? { profile: parsed.output }
    : { issues: parsed.issues.map((i) => `${v.getDotPath(i) ?? "row"}: ${i.message}`) };
}

/** Profiles of a list of rows; throws on a row that is not one (the caller's query failed). */
export function parseProfiles(rows: unknown): Profile[] {
  return v.parse(v.array(profileSchema), rows);
}

// The name helpers live apart, without a parser: the back-office frame shows names before any form loads.
export { displayName, initials } from "../profile-names.ts";
