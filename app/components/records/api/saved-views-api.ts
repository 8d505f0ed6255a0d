/**
 * The saved views of back-office lists and each user's default view per list (tables
 * saved_views and saved_view_defaults; RLS: one's own views and the shared ones, sharing is an
 * admin's). Rows are parsed with core's schemas; a view's state is checked again when applied.
 */
import { z } from "zod";
import { savedViewRowSchema, type SavedViewRow, type SavedViewState } from "#core/records/saved-view.ts";
import type { Json } from "#core/database.types.ts";
import { supabase } from "#app/lib/supabase.ts";

const COLUMNS = "id, owner_id, list_key, name, state, shared, updated_at";
const rows = z.array(savedViewRowSchema);

export const savedViewKeys = {
  list: (listKey: string) => ["saved-views", listKey] as const,
};

export interface SavedViews {
  views: SavedViewRow[];
  defaultId: string | null;
}

export async function listSavedViews(listKey: string, userId: string): Promise<SavedViews> {
  const [views, defaults] = await Promise.all([
    supabase.from("saved_views").select(COLUMNS).eq("list_key", listKey).order("name"),
    supabase
      .from("saved_view_defaults")
      .select("view_id")
      .eq("list_key", listKey)
      .eq("user_id", userId)
      .maybeSingle(),
  ]);
  if (views.error) throw views.error;
  if (defaults.error) throw defaults.error;
  return { views: rows.parse(views.data), defaultId: (defaults.data?.view_id as string | undefined) ?? null };
}

export async function createSavedView(
  listKey: string,
  name: string,
  state: SavedViewState,
  shared: boolean,
): Promise<SavedViewRow> {
  const { data, error } = await supabase
    .from("saved_views")
    .insert({ list_key: listKey, name, state: state as unknown as NonNullable<Json>, shared })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return savedViewRowSchema.parse(data);
}

export async function updateSavedView(
  id: string,
  patch: { state?: SavedViewState; shared?: boolean },
): Promise<void> {
  const { data, error } = await supabase
    .from("saved_views")
    .update({ ...patch, state: patch.state as unknown as NonNullable<Json> | undefined })
    .eq("id", id)
    .select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "Only admins change a shared view." };
}

export async function deleteSavedView(id: string): Promise<void> {
  const { data, error } = await supabase.from("saved_views").delete().eq("id", id).select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "Only admins delete a shared view." };
}

/** Makes a view the list's default for the signed-in user (null: none). */
export async function setDefaultView(listKey: string, userId: string, viewId: string | null): Promise<void> {
  const { error } = viewId
    ? await supabase
        .from("saved_view_defaults")
        .upsert({ user_id: userId, list_key: listKey, view_id: viewId })
    : await supabase.from("saved_view_defaults").delete().eq("list_key", listKey).eq("user_id", userId);
  if (error) throw error;
}
