/**
 * The configurable list of lost reasons (admins): add, rename, retire and bring back. A retired
 * reason is no longer offered; deals lost for it keep it.
 */
import { ListChecksIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useLostReasons } from "../hooks/deal-queries.ts";
import { useAddLostReason, useUpdateLostReason } from "../hooks/deal-settings-queries.ts";

export function LostReasonsAdmin() {
  const reasons = useLostReasons();
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useAddLostReason(() => setLabel(""));
  const change = useUpdateLostReason();

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ListChecksIcon aria-hidden="true" />
          Lost reasons
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Why deals are lost</DialogTitle>
          <DialogDescription>
            The list offered when a deal is marked lost. Retired reasons stay on the deals lost for them.
          </DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2" aria-label="Lost reasons">
          {(reasons.data ?? []).map((r) => (
            <li key={r.id} className="flex items-center gap-2">
              <Input
                aria-label={`Reason: ${r.label}`}
                defaultValue={r.label}
                disabled={!r.is_active}
                onBlur={(e) => {
                  const v = e.target.value.trim();
                  if (v.length >= 2 && v !== r.label) change.mutate({ id: r.id, patch: { label: v } });
                }}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => change.mutate({ id: r.id, patch: { is_active: !r.is_active } })}
              >
                {r.is_active ? "Retire" : "Bring back"}
                <span className="sr-only"> {r.label}</span>
              </Button>
            </li>
          ))}
        </ul>
        <form
          className="flex items-start gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const v = label.trim();
            if (v.length < 2 || v.length > 80) return setError("A reason has 2 to 80 characters.");
            if ((reasons.data ?? []).some((r) => r.label.toLowerCase() === v.toLowerCase()))
              return setError("That reason is already on the list.");
            setError(null);
            add.mutate({ label: label.trim(), position: (reasons.data?.length ?? 0) + 1 });
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <Input
              aria-label="New reason"
              aria-invalid={error ? true : undefined}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              placeholder="e.g. Bought off-plan elsewhere"
            />
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
          <Button type="submit" disabled={add.isPending}>
            Add
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
