/**
 * The signed-in user's user_settings row: loaded by user_id; a missing row (PGRST116) is created
 * with the product's defaults.
 */
import { DEFAULT_USER_SETTINGS, PGRST_NO_ROWS } from "#core/constants.ts";
import {
  USER_SETTINGS_COLUMNS,
  userSettingsRowSchema,
  type SettingsForm,
  type UserSettingsRow,
} from "#core/schemas/settings.ts";
import { supabase } from "./supabase.ts";

/** Postgres unique violation: another tab created the row first. */
const UNIQUE_VIOLATION = "23505";

async function selectSettings(userId: string) {
  return supabase.from("user_settings").select(USER_SETTINGS_COLUMNS).eq("user_id", userId).maybeSingle();
}

export async function loadOrCreateSettings(userId: string): Promise<UserSettingsRow> {
  // No row yet is the PGRST116 case: create the defaults. maybeSingle asks for it
  // without an error response, so a first visit leaves no failed request in the console.
  const first = await selectSettings(userId);
  if (first.error && first.error.code !== PGRST_NO_ROWS) throw first.error;
  if (first.data) return userSettingsRowSchema.parse(first.data);

  const created = await supabase
    .from("user_settings")
    .insert({ user_id: userId, ...DEFAULT_USER_SETTINGS })
    .select(USER_SETTINGS_COLUMNS)
    .single();
  if (!created.error) return userSettingsRowSchema.parse(created.data);
  if (created.error.code !== UNIQUE_VIOLATION) throw created.error;
  const again = await selectSettings(userId);
  if (again.error) throw again.error;
  if (!again.data) throw new Error("settings vanished while being created");
  return userSettingsRowSchema.parse(again.data);
}

export async function saveUserSettings(userId: string, values: SettingsForm): Promise<UserSettingsRow> {
  const { data, error } = await supabase
    .from("user_settings")
    .upsert({ user_id: userId, ...values }, { onConflict: "user_id" })
    .select(USER_SETTINGS_COLUMNS)
    .single();
  if (error) throw error;
  return userSettingsRowSchema.parse(data);
}
