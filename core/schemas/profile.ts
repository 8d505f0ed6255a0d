/** A row of `profiles` as the SPA reads it (spec §3). */
import { z } from "zod";

export const profileSchema = z.object({
  user_id: z.string(),
  role: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  email: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const PROFILE_COLUMNS = "user_id, role, first_name, last_name, avatar_url, email";

/** "Ama Mensah", else the e-mail, else "Signed-in user". */
export function displayName(
  profile: Pick<Profile, "first_name" | "last_name"> | null,
  email?: string | null,
): string {
  const name = [profile?.first_name, profile?.last_name]
    .filter((s) => s && s.trim() !== "")
    .join(" ")
    .trim();
  return name || email || "Signed-in user";
}

export function initials(
  profile: Pick<Profile, "first_name" | "last_name"> | null,
  email?: string | null,
): string {
  const parts = [profile?.first_name, profile?.last_name].filter((s): s is string => !!s && s.trim() !== "");
  if (parts.length > 0)
    return parts
      .map((p) => p.trim()[0]!.toUpperCase())
      .join("")
      .slice(0, 2);
  return (email?.[0] ?? "?").toUpperCase();
}
