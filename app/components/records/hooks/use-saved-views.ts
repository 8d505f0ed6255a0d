/**
 * Saved views of one list: the views offered (one's own and the shared ones), the one applied,
 * and the user's default, which a list opened without any state of its own in the URL applies.
 * Applying a view writes its URL state and column choice; parts of it the list no longer has are
 * left out and named in `notes` (core/records/saved-view.ts). Every list uses this one hook with
 * its own key, its query definition and what else its view holds (columns, layouts).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { FilterDefs, ListQueryDef } from "#core/records/list-query.ts";
import {
  captureViewParams,
  hasListState,
  resolveSavedView,
  type SavedViewRow,
  type ViewShape,
} from "#core/records/saved-view.ts";
import { useSession } from "#app/lib/session.tsx";
import { toast } from "#app/lib/toast.ts";
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  savedViewKeys,
  setDefaultView,
  updateSavedView,
} from "../api/saved-views-api.ts";
import { readColumnVisibility, writeColumnVisibility } from "../use-column-visibility.ts";

/** The ids of a table's columns (what a view's column choice may name). */
export function columnIdsOf(columns: readonly { id?: string; accessorKey?: unknown }[]): string[] {
  return columns.flatMap((c) => (c.id ? [c.id] : typeof c.accessorKey === "string" ? [c.accessorKey] : []));
}

export interface SavedViewsOptions<C extends string, D extends FilterDefs> extends Partial<ViewShape> {
  /** The list's key in saved_views ("contacts"). */
  listKey: string;
  def: ListQueryDef<C, D>;
  /** The data table's id, whose column choice a view keeps. */
  tableId?: string;
}

export interface SavedViewsState {
  views: SavedViewRow[];
  loading: boolean;
  defaultId: string | null;
  active: SavedViewRow | null;
  notes: string[];
  dismissNotes: () => void;
  canShare: boolean;
  /** Whether the user may change or delete the view (their private one; a shared one if admin). */
  canEdit: (view: SavedViewRow) => boolean;
  apply: (view: SavedViewRow) => void;
  save: (name: string, shared: boolean) => Promise<void>;
  /** Overwrites the view with the list's current state. */
  overwrite: (view: SavedViewRow) => void;
  setShared: (view: SavedViewRow, shared: boolean) => void;
  remove: (view: SavedViewRow) => void;
  setDefault: (viewId: string | null) => void;
}

export function useSavedViews<C extends string, D extends FilterDefs>(
  options: SavedViewsOptions<C, D>,
): SavedViewsState {
  const { listKey, def, tableId } = options;
  const shape: ViewShape = {
    columns: options.columns ?? [],
    layouts: options.layouts,
    labels: options.labels,
  };
  const shapeRef = useRef(shape);
  shapeRef.current = shape;
  const { user, role } = useSession();
  const userId = user?.id;
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [notes, setNotes] = useState<string[]>([]);

  const query = useQuery({
    queryKey: savedViewKeys.list(listKey),
    queryFn: () => listSavedViews(listKey, userId!),
    enabled: !!userId,
    staleTime: 60_000,
  });
  const views = query.data?.views ?? [];
  const defaultId = query.data?.defaultId ?? null;
  const refresh = () => qc.invalidateQueries({ queryKey: savedViewKeys.list(listKey) });

  const apply = useCallback(
    (view: SavedViewRow) => {
      const resolved = resolveSavedView(def, view.state, shapeRef.current);
      setParams(
        (current) => {
          // Parameters that are not the list's (an open record) stay.
          const next = new URLSearchParams();
          for (const [k, v] of current)
            if (!hasListState(def, new URLSearchParams([[k, v]]), shapeRef.current)) next.append(k, v);
          for (const [k, v] of resolved.params) next.append(k, v);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      if (tableId && view.state && typeof view.state === "object" && "columns" in view.state)
        writeColumnVisibility(userId, tableId, resolved.columns);
      setActiveId(view.id);
      setNotes(resolved.notes);
    },
    [def, setParams, tableId, userId],
  );

  // The default view, once, when the list opens without state of its own.
  const bare = useRef(!hasListState(def, params, shape));
  const appliedDefault = useRef(false);
  useEffect(() => {
    if (appliedDefault.current || !query.data) return;
    appliedDefault.current = true;
    const view = query.data.views.find((v) => v.id === query.data.defaultId);
    if (view && bare.current) apply(view);
  }, [query.data, apply]);

  const currentState = () => ({
    params: captureViewParams(def, params, shape),
    ...(tableId ? { columns: readColumnVisibility(userId, tableId) } : {}),
  });

  const mutate = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSettled: () => void refresh(),
  });

  const canShare = role === "admin";
  return {
    views,
    loading: query.isPending,
    defaultId,
    active: views.find((v) => v.id === activeId) ?? null,
    notes,
    dismissNotes: () => setNotes([]),
    canShare,
    canEdit: (view) => (view.shared ? canShare : view.owner_id === userId),
    apply,
    save: async (name, shared) => {
      const view = await createSavedView(listKey, name, currentState(), shared && canShare);
      await refresh();
      setActiveId(view.id);
      setNotes([]);
      toast.success(`View "${view.name}" saved${view.shared ? " and shared with the team" : ""}`);
    },
    overwrite: (view) =>
      mutate.mutate(() => updateSavedView(view.id, { state: currentState() }), {
        onSuccess: () => toast.success(`View "${view.name}" updated`),
      }),
    setShared: (view, shared) =>
      mutate.mutate(() => updateSavedView(view.id, { shared }), {
        onSuccess: () =>
          toast.success(
            shared ? `View "${view.name}" shared with the team` : `View "${view.name}" is private again`,
          ),
      }),
    remove: (view) =>
      mutate.mutate(() => deleteSavedView(view.id), {
        onSuccess: () => {
          if (activeId === view.id) setActiveId(null);
          toast.success(`View "${view.name}" deleted`);
        },
      }),
    setDefault: (viewId) =>
      mutate.mutate(() => setDefaultView(listKey, userId!, viewId), {
        onSuccess: () =>
          toast.success(viewId ? "This list now opens with this view" : "Default view cleared"),
      }),
  };
}
