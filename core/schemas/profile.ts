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

// The name helpers live apart, without zod: the back-office frame shows names before any form loads.
export { displayName, initials } from "../profile-names.ts";
