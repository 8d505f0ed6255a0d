/**
 * The buttons of a list's bulk-action bar: a menu of values to set on every selected row
 * ("Assign", "Set status"), a dialog asking for one value ("Add tag", "Set due date") and
 * "Delete" behind a confirmation naming how many rows it touches.
 */
import { useState, type FormEvent, type HTMLInputTypeAttribute, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";

export function BulkMenu({
  label,
  title,
  options,
  onSelect,
  disabled,
}: {
  label: string;
  /** The menu's heading ("Move 3 tasks to"). */
  title: string;
  options: readonly { value: string | null; label: ReactNode }[];
  onSelect: (value: string | null) => void;
  disabled?: boolean;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>{title}</DropdownMenuLabel>
        {options.map((o) => (
          <DropdownMenuItem key={o.value ?? "none"} onSelect={() => onSelect(o.value)}>
            {o.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function BulkDelete({
  what,
  note,
  onConfirm,
  disabled,
}: {
  /** "3 contacts". */
  what: string;
  /** Who may delete what (the rest is refused by name). */
  note: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive" disabled={disabled}>
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {what}?</AlertDialogTitle>
          <AlertDialogDescription>This cannot be undone. {note}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A button opening a dialog with one field; `parse` turns what was typed into the value to set on
 * every row, or says what is wrong with it (the dialog stays open with the message).
 */
export function BulkValueDialog<T>({
  label,
  title,
  description,
  field,
  type = "text",
  maxLength,
  required,
  parse,
  onValue,
  disabled,
}: {
  label: string;
  title: string;
  description: ReactNode;
  field: string;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  required?: boolean;
  parse: (typed: string) => { value: T } | { error: string };
  onValue: (value: T) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parse(typed);
    if ("error" in parsed) return setError(parsed.error);
    onValue(parsed.value);
    setTyped("");
    setError(undefined);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field label={field} error={error} required={required}>
            <Input
              type={type}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              maxLength={maxLength}
              autoComplete="off"
            />
          </Field>
          <DialogFooter>
            <Button type="submit">{label}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
