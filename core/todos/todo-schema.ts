/**
 * Todos: a personal quick checklist per user. The row as read, the text a person
 * types (one line, trimmed), and the limits the table enforces again: a checklist, not a project
 * plan — at most TODO_MAX_ITEMS items per person, each at most TODO_TITLE_MAX characters.
 */
import { z } from "zod";

export const TODO_TITLE_MAX = 500;
export const TODO_MAX_ITEMS = 500;

export const todoRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  position: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TodoRow = z.infer<typeof todoRowSchema>;
export const TODO_ROW_COLUMNS = Object.keys(todoRowSchema.shape).join(", ");

/** What is typed into the "Add a todo" box: one line, leading and trailing spaces dropped. */
export const todoTitleSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "Type something to add")
      .max(TODO_TITLE_MAX, `Keep a todo under ${TODO_TITLE_MAX} characters`),
  );

/** Messages of the table's own refusals (its check constraints and the item cap trigger). */
export const TODO_LIMIT_MESSAGE = `You have ${TODO_MAX_ITEMS} todos: clear the done ones before adding more.`;

/** The order after moving the item at `from` to `to` (ids in display order). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
