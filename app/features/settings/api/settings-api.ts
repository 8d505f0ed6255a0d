/**
 * The settings screen's own data: the user's names and avatar (profiles; avatar files in the
 * `avatars` bucket under `<user_id>/`), their active sessions (public.my_sessions) and signing
 * out their other devices (GoTrue's logout with scope=others).
 */
import { z } from "zod";
import { avatarPath, type ProfileForm } from "#core/schemas/settings.ts";
import { supabase } from "#app/lib/supabase.ts";

const AVATAR_BUCKET = "avatars";

export async function saveProfileNames(userId: string, values: ProfileForm): Promise<void> {
  const { error } = await supabase
    .from("profiles")
    .update({ first_name: values.first_name || null, last_name: values.last_name || null })
    .eq("user_id", userId);
  if (error) throw error;
}

/** The object path inside the bucket if the URL is one of our public avatar URLs. */
function ownAvatarPath(url: string | null | undefined, userId: string): string | null {
  if (!url) return null;
  const marker = `/object/public/${AVATAR_BUCKET}/`;
  const i = url.indexOf(marker);
  if (i === -1) return null;
  const path = decodeURIComponent(url.slice(i + marker.length).split("?")[0]!);
  return path.startsWith(`${userId}/`) ? path : null;
}

/**
 * Uploads a new avatar, points the profile at it, then removes the previous one of ours (a
 * failed removal only leaves an orphan file behind, so it is logged, not thrown).
 */
export async function replaceAvatar(userId: string, file: File, previousUrl: string | null | undefined) {
  const path = avatarPath(userId, file.type, Date.now());
  const up = await supabase.storage
    .from(AVATAR_BUCKET)
    .upload(path, file, { contentType: file.type, upsert: true });
  if (up.error) throw up.error;
  const publicUrl = supabase.storage.from(AVATAR_BUCKET).getPublicUrl(path).data.publicUrl;
  const { error } = await supabase.from("profiles").update({ avatar_url: publicUrl }).eq("user_id", userId);
  if (error) throw error;
  const previous = ownAvatarPath(previousUrl, userId);
  if (previous && previous !== path) {
    const rm = await supabase.storage.from(AVATAR_BUCKET).remove([previous]);
    if (rm.error) console.warn("profile: old avatar not removed", rm.error);
  }
}

const sessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type MySession = z.output<typeof sessionSchema>;

export async function listMySessions(): Promise<MySession[]> {
  const { data, error } = await supabase.rpc("my_sessions");
  if (error) throw error;
  return z.array(sessionSchema).parse(data);
}

export async function signOutOtherDevices(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: "others" });
  if (error) throw error;
}
