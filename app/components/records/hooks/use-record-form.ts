/**
 * The behaviour every record form shares: react-hook-form validated by the module's zod schema
 * (from core/), a save that is conditional on the loaded version (the stale-edit check:
 * core/records/update-unless-stale.ts), server refusals shown where they belong — at the field
 * when the constraint names one, otherwise once at the top of the form (the mutation opts out of
 * the query client's toast) — a conflict that offers a reload instead of overwriting, and the
 * dirty-state guard when leaving. <RecordForm> renders it.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type BaseSyntheticEvent } from "react";
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { describeDbError, StaleRecordError, type ConstraintHint } from "#core/records/db-errors.ts";
import { useDirtyGuard, type DirtyGuard } from "../dirty-guard.tsx";

export interface RecordFormOptions<Input extends FieldValues, Output, Saved extends { updated_at: string }> {
  /** The module's form schema (core/<module>/…): parses the form's input into what is saved. */
  schema: z.ZodType<Output, Input>;
  /** The form's values for the record as loaded, or the blank record. */
  values: Input;
  /** The loaded record's updated_at; null for a new record. Saves are conditional on it. */
  version: string | null;
  /** Saves; receives the version the edit started from (null = insert). */
  save: (values: Output, version: string | null) => Promise<Saved>;
  onSaved?: (saved: Saved) => void;
  /** Re-reads the record, for the conflict's "Reload". */
  reload?: () => Promise<unknown>;
  /** Constraint names → fields/messages, and field labels, for server refusals. */
  constraints?: Record<string, ConstraintHint>;
  fieldLabels?: Record<string, string>;
}

export interface RecordFormState<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  saving: boolean;
  /** Someone else saved first: the form shows "Reload". */
  conflict: boolean;
  /** A refusal that belongs to no field, shown at the top of the form. */
  formError: string | null;
  reload: () => Promise<void>;
  guard: DirtyGuard;
}

/** A field's error message (nested names like "owner.phone" included). */
export function errorOf<V extends FieldValues>(errors: FieldErrors<V>, name: Path<V>): string | undefined {
  const e = get(errors, name) as { message?: unknown } | undefined;
  return typeof e?.message === "string" ? e.message : undefined;
}

export function useRecordForm<Input extends FieldValues, Output, Saved extends { updated_at: string }>(
  options: RecordFormOptions<Input, Output, Saved>,
): RecordFormState<Input, Output> {
  const { schema, values, version, save, onSaved, reload: reloadRecord, constraints, fieldLabels } = options;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: values as DefaultValues<Input>,
    mode: "onTouched",
  });
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const guard = useDirtyGuard(form.formState.isDirty);

  // The version this edit started from (what the save is conditional on). When the loaded
  // record changes (a colleague's save, seen through a refetch) and the form is untouched, the
  // new values replace the old; while it is being edited they do not — the save then reports the
  // conflict instead of losing either side's work. Our own save's new version coming back is
  // not a change. "Reload" (after a conflict) replaces the values whatever the state.
  const base = useRef(version);
  const seen = useRef(version);
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const [reloads, setReloads] = useState(0);
  const handledReloads = useRef(0);
  const { isDirty } = form.formState;
  useEffect(() => {
    const forced = reloads !== handledReloads.current;
    if (!forced && (version === seen.current || isDirty)) return;
    handledReloads.current = reloads;
    seen.current = version;
    if (!forced && version === base.current) return;
    form.reset(latest.current);
    base.current = version;
    setConflict(false);
    setFormError(null);
  }, [version, isDirty, reloads, form]);

  const mutation = useMutation({
    // Refusals are shown by this form (at the field, or at its top): no toast as well.
    meta: { toast: false },
    mutationFn: ({ input, from }: { input: Output; from: string | null }) => save(input, from),
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const saved = await mutation.mutateAsync({ input, from: base.current });
      base.current = saved.updated_at;
      guard.allowNextNavigation();
      form.reset(form.getValues());
      onSaved?.(saved);
    } catch (err) {
      if (err instanceof StaleRecordError) {
        setConflict(true);
        return;
      }
      const d = describeDbError(err, { constraints, fieldLabels });
      if (d.field && d.field in form.getValues()) {
        form.setError(d.field as Path<Input>, { type: "server", message: d.message }, { shouldFocus: true });
      } else {
        console.error("record form: save failed", err);
        setFormError(`${d.title}. ${d.message}`);
      }
    }
  });

  const reload = useCallback(async () => {
    await reloadRecord?.();
    setReloads((n) => n + 1);
  }, [reloadRecord]);

  return { form, onSubmit, saving: mutation.isPending, conflict, formError, reload, guard };
}
