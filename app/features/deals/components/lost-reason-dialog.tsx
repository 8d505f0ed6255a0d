/**
 * "Why was it lost?": asked whenever a deal moves to its pipeline's lost stage (from the board or
 * the deal's page) — a reason from the configurable list (deal_lost_reasons) and an optional note.
 * The move is sent only with a reason; Cancel leaves the deal where it was.
 */
import { useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useLostReasons } from "../hooks/deal-queries.ts";

export interface LostChoice {
  reasonId: string;
  note: string | null;
}

export function LostReasonDialog({
  dealTitle,
  open,
  onChoose,
  onCancel,
}: {
  dealTitle: string;
  open: boolean;
  onChoose: (c: LostChoice) => void;
  onCancel: () => void;
}) {
  const reasons = useLostReasons();
  const [reasonId, setReasonId] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setReasonId("");
      setNote("");
      setError(null);
    }
  }, [open]);
  const active = (reasons.data ?? []).filter((r) => r.is_active);

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Why was “{dealTitle}” lost?</DialogTitle>
          <DialogDescription>
            The reason is kept with the deal and counted in the lost-deal reports.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reasonId) return setError("Choose why the deal was lost.");
            if (note.length > 1000) return setError("Keep the note under 1,000 characters.");
            onChoose({ reasonId, note: note.trim() || null });
          }}
        >
          <Field label="Reason" required error={error ?? undefined}>
            <NativeSelect value={reasonId} onChange={(e) => (setReasonId(e.target.value), setError(null))}>
              <option value="">Choose a reason…</option>
              {active.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Note">
            <Textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              placeholder="e.g. Bought through another agency in Cantonments"
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Mark lost</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
