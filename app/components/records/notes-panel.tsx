/**
 * Internal notes on a record: newest first, each with its author and time; a box to add one
 * (Ctrl/⌘+Enter saves) and a delete for the notes the user may remove. Presentational: the
 * module passes the notes and the save/delete calls (its own table and RLS).
 */
import { formatDistanceToNow } from "date-fns";
import { Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";

export interface NoteItem {
  id: string;
  author: string;
  body: string;
  createdAt: string;
  canDelete: boolean;
}

export function NotesPanel({
  notes,
  loading,
  onAdd,
  onDelete,
  adding,
  validate,
}: {
  notes: readonly NoteItem[];
  loading?: boolean;
  onAdd: (body: string) => Promise<unknown>;
  onDelete: (id: string) => void;
  adding: boolean;
  /** The note's problem (empty, too long), or null. */
  validate: (body: string) => string | null;
}) {
  const id = useId();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function save() {
    const problem = validate(body);
    setError(problem);
    if (problem) return;
    await onAdd(body.trim());
    setBody("");
  }
  return (
    <div className="flex flex-col gap-3" data-testid="notes-panel">
      <form
        aria-label="Add a note"
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save().catch(() => undefined);
        }}
      >
        <label htmlFor={id} className="sr-only">
          Note
        </label>
        <Textarea
          id={id}
          rows={2}
          placeholder="Add an internal note (the visitor never sees it)"
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void save().catch(() => undefined);
            }
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" className="self-end" disabled={adding}>
          Add note
        </Button>
      </form>
      {loading ? (
        <p className="text-sm text-muted-foreground">Loading notes…</p>
      ) : notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-muted/60 p-2.5 text-sm">
              <div className="flex items-center gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{n.author}</span>
                <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString()}>
                  {formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}
                </time>
                {n.canDelete && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="ml-auto size-7"
                    aria-label="Delete this note"
                    onClick={() => onDelete(n.id)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                )}
              </div>
              <p className="mt-1 whitespace-pre-wrap">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
