/**
 * Team chat reads through supabase-js with the user's session (PostgREST, the Data API); every row
 * is parsed with the core schemas. Writes of messages go through the hub (use-team-messages.ts).
 */
import { z } from "zod";
import {
  teamChannelSchema,
  teamMessageRowSchema,
  userProfileSchema,
  type TeamChannel,
  type TeamMessageWithProfile,
  type UserProfile,
} from "#core/schemas/hub.ts";
import { supabase } from "#app/lib/supabase.ts";

const profileRowSchema = userProfileSchema.extend({ user_id: z.string() });

/** Profiles (user_id, first_name, last_name, avatar_url) for a set of user ids. */
export async function loadProfiles(userIds: readonly string[]): Promise<Map<string, UserProfile>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, UserProfile>();
  if (ids.length === 0) return out;
  const { data, error } = await supabase
    .from("profiles")
    .select("user_id, first_name, last_name, avatar_url")
    .in("user_id", ids);
  if (error) throw error;
  for (const row of z.array(profileRowSchema).parse(data)) {
    out.set(row.user_id, {
      first_name: row.first_name,
      last_name: row.last_name,
      avatar_url: row.avatar_url,
    });
  }
  return out;
}

/** History of a channel: messages by channel_id ascending, with the senders' profiles attached. */
export async function loadMessages(channelId: string): Promise<TeamMessageWithProfile[]> {
  const { data, error } = await supabase
    .from("team_messages")
    .select("*")
    .eq("channel_id", channelId)
    .order("created_at", { ascending: true });
  if (error) throw error;
  const rows = z.array(teamMessageRowSchema).parse(data);
  const profiles = await loadProfiles(rows.map((r) => r.user_id));
  return rows.map((r) => ({ ...r, user_profile: profiles.get(r.user_id) ?? null }));
}

export async function loadChannels(): Promise<TeamChannel[]> {
  const { data, error } = await supabase
    .from("team_channels")
    .select("id, name, description, created_by, created_at")
    .order("created_at", { ascending: true });
  if (error) throw error;
  return z.array(teamChannelSchema).parse(data);
}

export async function createChannel(values: {
  id: string;
  name: string;
  description: string | null;
  createdBy: string;
}): Promise<TeamChannel> {
  const { data, error } = await supabase
    .from("team_channels")
    .insert({
      id: values.id,
      name: values.name,
      description: values.description,
      created_by: values.createdBy,
    })
    .select("id, name, description, created_by, created_at")
    .single();
  if (error) throw error;
  return teamChannelSchema.parse(data);
}

/** Unread counts per channel (others' messages after the caller's read mark). */
export async function loadUnreadCounts(): Promise<Record<string, number>> {
  const { data, error } = await supabase.rpc("team_unread_counts");
  if (error) throw error;
  const rows = z.array(z.object({ channel_id: z.string(), unread: z.coerce.number() })).parse(data);
  return Object.fromEntries(rows.map((r) => [r.channel_id, r.unread]));
}

export async function markRead(channelId: string): Promise<void> {
  const { error } = await supabase.rpc("mark_team_messages_as_read", { channel_id_param: channelId });
  if (error) throw error;
}
