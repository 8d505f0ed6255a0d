/**
 * The toolbar's "Views" control: the saved views of the list (one's own and the shared ones),
 * saving the current filters, sort and columns as a view (shared with the team by an admin),
 * the list's default view, and a note naming any part of a view the list no longer has.
 */
import { BookmarkIcon, CheckIcon, StarIcon, UsersIcon, XIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { savedViewNameSchema } from "#core/records/saved-view.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { SavedViewsState } from "./hooks/use-saved-views.ts";

export function SavedViewsMenu({ views: sv }: { views: SavedViewsState }) {
  const [saving, setSaving] = useState(false);
  const active = sv.active;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <BookmarkIcon aria-hidden="true" />
            {active ? `View: ${active.name}` : "Views"}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>Saved views</DropdownMenuLabel>
          {sv.views.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">
              {sv.loading ? "Loading…" : "No saved views yet"}
            </p>
          )}
          {sv.views.map((v) => (
            <DropdownMenuItem key={v.id} onSelect={() => sv.apply(v)}>
              {active?.id === v.id ? <CheckIcon aria-hidden="true" /> : <span className="size-4" />}
              <span className="flex-1 truncate">{v.name}</span>
              {v.shared && <UsersIcon aria-label="Shared with the team" />}
              {sv.defaultId === v.id && <StarIcon aria-label="Default view" />}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)}>Save current view…</DropdownMenuItem>
          {active && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel className="truncate">{active.name}</DropdownMenuLabel>
              {sv.defaultId === active.id ? (
                <DropdownMenuItem onSelect={() => sv.setDefault(null)}>
                  Stop opening with this view
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => sv.setDefault(active.id)}>
                  Open the list with this view
                </DropdownMenuItem>
              )}
              {sv.canEdit(active) && (
                <DropdownMenuItem onSelect={() => sv.overwrite(active)}>
                  Update with the current filters
                </DropdownMenuItem>
              )}
              {sv.canShare && (
                <DropdownMenuItem onSelect={() => sv.setShared(active, !active.shared)}>
                  {active.shared ? "Stop sharing" : "Share with the team"}
                </DropdownMenuItem>
              )}
              {sv.canEdit(active) && (
                <DropdownMenuItem variant="destructive" onSelect={() => sv.remove(active)}>
                  Delete view
                </DropdownMenuItem>
              )}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {sv.notes.length > 0 && (
        <div
          role="status"
          className="flex basis-full items-start gap-2 rounded-md border bg-muted/60 px-3 py-2 text-sm"
        >
          <ul className="flex-1">
            {sv.notes.map((n) => (
              <li key={n}>{n}.</li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label="Dismiss"
            onClick={sv.dismissNotes}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      )}
      <SaveViewDialog open={saving} onOpenChange={setSaving} views={sv} />
    </>
  );
}

function SaveViewDialog({
  open,
  onOpenChange,
  views: sv,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  views: SavedViewsState;
}) {
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = savedViewNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      await sv.save(parsed.data, shared);
      setName("");
      setShared(false);
      setError(undefined);
      onOpenChange(false);
    } catch (err) {
      const d = describeDbError(err);
      setError(d.code === "23505" ? "You already have a view with this name" : d.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Save view</DialogTitle>
          <DialogDescription>
            Keeps the current filters, sort, search and columns under a name.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          <Field label="Name" error={error} required>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" />
          </Field>
          {sv.canShare && (
            <Field label="Share with the team" orientation="horizontal">
              <Checkbox checked={shared} onCheckedChange={(on) => setShared(on === true)} />
            </Field>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Save view
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
