/**
 * /todos: the signed-in user's own quick checklist — type and press Enter to
 * add, tick, drag (or move with the keyboard) to reorder, clear the done ones. Nobody else sees
 * it, admins included (the database's policies say so, not this page).
 */
import { LockIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { TODO_TITLE_MAX, todoTitleSchema } from "#core/todos/todo-schema.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { TodoList } from "./components/todo-list.tsx";
import {
  useAddTodo,
  useClearDone,
  useMoveTodo,
  useRemoveTodo,
  useSetDone,
  useTodos,
} from "./hooks/todo-queries.ts";

export default function TodosPage() {
  const todos = useTodos();
  const add = useAddTodo();
  const setDone = useSetDone();
  const remove = useRemoveTodo();
  const clear = useClearDone();
  const move = useMoveTodo();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const rows = todos.data ?? [];
  const done = rows.filter((r) => r.done).length;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = todoTitleSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Not a todo");
      return;
    }
    setError(null);
    add.mutate(parsed.data, { onSuccess: () => setText("") });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Todos</h1>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <LockIcon className="size-3.5" aria-hidden="true" /> Your own checklist: nobody else can see it.
        </p>
      </header>

      <form onSubmit={onSubmit} aria-label="Add a todo" className="flex flex-col gap-1" noValidate>
        <label htmlFor="new-todo" className="sr-only">
          New todo
        </label>
        <div className="flex gap-2">
          <Input
            id="new-todo"
            value={text}
            maxLength={TODO_TITLE_MAX + 50}
            placeholder="Add a todo and press Enter"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "new-todo-error" : undefined}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" disabled={add.isPending}>
            Add
          </Button>
        </div>
        {error && (
          <p id="new-todo-error" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>

      {todos.isPending && <Skeleton className="h-40 w-full" />}
      {todos.isError && (
        <Alert variant="destructive">
          <span>Could not load your todos: {describeDbError(todos.error).message}</span>
          <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void todos.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {todos.data && rows.length === 0 && (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Nothing to do. Add the first item above.
        </p>
      )}
      {rows.length > 0 && (
        <>
          <TodoList
            rows={rows}
            onToggle={(row, v) => setDone.mutate({ id: row.id, done: v })}
            onRemove={(row) => remove.mutate(row.id)}
            onReorder={(ids) => move.mutate(ids)}
          />
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            <span role="status">
              {rows.length - done} to do · {done} done
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={done === 0 || clear.isPending}
              onClick={() => clear.mutate()}
            >
              Clear done{done > 0 ? ` (${done})` : ""}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
