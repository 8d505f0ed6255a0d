/**
 * Which columns of a data table a person has chosen to see, remembered per user and table in
 * localStorage (a preference of this browser, not data worth a table). Unknown or corrupt
 * stored values fall back to the table's defaults.
 */
import type { VisibilityState } from "@tanstack/react-table";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { useSessionState } from "#app/lib/session.tsx";

const storedSchema = z.record(z.string(), z.boolean());

export function columnVisibilityKey(userId: string | undefined, tableId: string): string {
  return `ghana-realty:columns:${userId ?? "anonymous"}:${tableId}`;
}

function load(key: string, defaults: VisibilityState): VisibilityState {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return defaults;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...defaults, ...parsed.data } : defaults;
  } catch {
    return defaults;
  }
}

/** A column choice written from outside the table (a saved view applied): the table re-reads it. */
const CHANGED = "ghana-realty:columns-changed";

/** The stored choice of a table ({} when none). */
export function readColumnVisibility(userId: string | undefined, tableId: string): VisibilityState {
  return load(columnVisibilityKey(userId, tableId), {});
}

/** Stores a table's column choice and tells a table on screen to show it. */
export function writeColumnVisibility(
  userId: string | undefined,
  tableId: string,
  value: VisibilityState,
): void {
  const key = columnVisibilityKey(userId, tableId);
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the table keeps what it shows.
  }
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: key }));
}

export function useColumnVisibility(
  tableId: string,
  defaults: VisibilityState = {},
): [VisibilityState, (next: VisibilityState | ((old: VisibilityState) => VisibilityState)) => void] {
  const { user } = useSessionState();
  const key = columnVisibilityKey(user?.id, tableId);
  const [state, setState] = useState(() => ({ key, value: load(key, defaults) }));
  // Another user signed in on this tab: read their choice (state derived during render).
  const current = state.key === key ? state.value : load(key, defaults);
  if (state.key !== key) setState({ key, value: current });

  useEffect(() => {
    const reload = (e: Event) => {
      if ((e as CustomEvent<string>).detail === key) setState({ key, value: load(key, defaults) });
    };
    window.addEventListener(CHANGED, reload);
    return () => window.removeEventListener(CHANGED, reload);
  }, [key, defaults]);

  const set = useCallback((next: VisibilityState | ((old: VisibilityState) => VisibilityState)) => {
    setState((s) => {
      const value = typeof next === "function" ? next(s.value) : next;
      try {
        localStorage.setItem(s.key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the choice lasts for this visit only.
      }
      return { key: s.key, value };
    });
  }, []);
  return [current, set];
}
