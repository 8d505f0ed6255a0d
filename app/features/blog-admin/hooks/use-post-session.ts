/**
 * The editor's two background habits for a saved post:
 *  - who else has it open: a heartbeat every EDITING_HEARTBEAT_MS (touch_post_editing) answers
 *    the colleagues seen within the last minute, so the editor can warn; the mark is cleared on
 *    leaving. Saves stay conditional on the loaded version whatever this says.
 *  - autosave of drafts: AUTOSAVE_DELAY_MS after the last change, a valid draft is saved (a
 *    conditional update from the latest saved version); what was typed meanwhile stays unsaved
 *    and dirty, so it goes with the next save.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { StaleRecordError, describeDbError } from "#core/records/db-errors.ts";
import {
  postFormSchema,
  postFormValues,
  type PostFormInput,
  type PostFormOutput,
  type PostRow,
} from "#core/blog/post-schema.ts";
import { leaveEditing, touchEditing } from "../api/posts-api.ts";
import { postKeys } from "./post-queries.ts";

export const EDITING_HEARTBEAT_MS = 10_000;
export const AUTOSAVE_DELAY_MS = 2_500;

export function useOtherEditors(postId: string | null, userId: string | null) {
  const query = useQuery({
    queryKey: postKeys.editors(postId),
    queryFn: () => touchEditing(postId!),
    enabled: !!postId && !!userId,
    refetchInterval: EDITING_HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    // A refused heartbeat is not worth a toast; the warning simply does not show.
    meta: { toast: false },
  });
  useEffect(() => {
    if (!postId || !userId) return;
    return () => void leaveEditing(postId, userId).catch(() => undefined);
  }, [postId, userId]);
  return query.data ?? [];
}

export type AutosaveState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "invalid" }
  | { kind: "conflict" }
  | { kind: "failed"; message: string };

export function useAutosave(opts: {
  row: PostRow | null;
  form: UseFormReturn<PostFormInput, unknown, PostFormOutput>;
  /** The version the next save is conditional on (kept current by the editor). */
  version: React.MutableRefObject<string | null>;
  save: (values: PostFormOutput, version: string) => Promise<PostRow>;
  onSaved: (row: PostRow) => void;
  /** Another save (publish, manual save) is running: wait. */
  busy: boolean;
}): AutosaveState {
  const { row, form, version, save, onSaved, busy } = opts;
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const enabled = row?.status === "draft";
  const latest = useRef({ save, onSaved, busy });
  // What the database holds (as the form would save it): nothing to do while the form matches.
  const lastSaved = useRef<string | null>(null);
  const savedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!row) return;
    const parsed = postFormSchema.safeParse(postFormValues(row));
    lastSaved.current = parsed.success ? JSON.stringify(parsed.data) : null;
  }, [row]);
  useEffect(() => {
    latest.current = { save, onSaved, busy };
  });

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    const run = async () => {
      if (running || latest.current.busy) {
        timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
        return;
      }
      if (!version.current) return;
      const values = form.getValues();
      const parsed = postFormSchema.safeParse(values);
      if (!parsed.success) {
        setState({ kind: "invalid" });
        return;
      }
      const snapshot = JSON.stringify(parsed.data);
      if (snapshot === lastSaved.current) {
        // Nothing new (e.g. the reset after a save): show the last save again.
        setState((s) =>
          s.kind === "pending"
            ? savedAt.current
              ? { kind: "saved", at: savedAt.current }
              : { kind: "idle" }
            : s,
        );
        return;
      }
      running = true;
      setState({ kind: "saving" });
      try {
        const saved = await latest.current.save(parsed.data, version.current);
        version.current = saved.updated_at;
        lastSaved.current = snapshot;
        savedAt.current = saved.updated_at;
        // What was saved becomes the baseline; anything typed since stays dirty.
        form.reset(values, { keepValues: true, keepErrors: true, keepTouched: true });
        setState({ kind: "saved", at: saved.updated_at });
        latest.current.onSaved(saved);
      } catch (err) {
        setState(
          err instanceof StaleRecordError
            ? { kind: "conflict" }
            : { kind: "failed", message: describeDbError(err).message },
        );
      } finally {
        running = false;
      }
    };
    const sub = form.watch(() => {
      setState((s) => (s.kind === "conflict" ? s : { kind: "pending" }));
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      sub.unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, form, version]);

  return enabled ? state : { kind: "idle" };
}
