/**
 * The frame of a record form (state from use-record-form.ts): the stale-edit conflict with its
 * Reload, a refusal that belongs to no field, the module's <Field>s, Cancel / Save, and the
 * leave-without-saving dialog.
 *
 *   const rf = useRecordForm({ schema, values, version: row?.updated_at ?? null, save, onSaved, reload });
 *   <RecordForm state={rf} label="Listing details">
 *     <Field label="Title" error={errorOf(rf.form.formState.errors, "title")} required>
 *       <Input {...rf.form.register("title")} />
 *     </Field>
 *   </RecordForm>
 */
import { Loader2Icon, RotateCwIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import type { RecordFormState } from "./hooks/use-record-form.ts";

export interface RecordFormProps<Input extends FieldValues, Output> {
  state: RecordFormState<Input, Output>;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
  submitLabel?: string;
  onCancel?: () => void;
  /** Extra buttons beside Save (e.g. "Save and publish"). */
  actions?: ReactNode;
  className?: string;
}

export function RecordForm<Input extends FieldValues, Output>({
  state,
  label,
  children,
  submitLabel = "Save",
  onCancel,
  actions,
  className,
}: RecordFormProps<Input, Output>) {
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await state.reload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => void state.onSubmit(e)}
      className={cn("flex flex-col gap-5", className)}
    >
      {state.conflict && (
        <Alert variant="warning" data-testid="record-conflict">
          <div className="flex flex-col gap-2">
            <p className="font-medium">Someone else saved this record after you opened it.</p>
            <p>
              Your changes were not saved. Reload to see the current version, then make your changes again.
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => void reload()}
              disabled={reloading}
            >
              {reloading ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <RotateCwIcon aria-hidden="true" />
              )}
              Reload
            </Button>
          </div>
        </Alert>
      )}
      {state.formError && (
        <Alert variant="destructive" data-testid="record-form-error">
          {state.formError}
        </Alert>
      )}
      {children}
      <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {actions}
        <Button type="submit" disabled={state.saving}>
          {state.saving && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {state.saving ? "Saving…" : submitLabel}
        </Button>
      </div>
      {state.guard.element}
    </form>
  );
}
