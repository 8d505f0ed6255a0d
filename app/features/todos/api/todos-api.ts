/**
 * The only place that queries `todos`. RLS gives every user their own rows and nobody else's
 * (admins included), so the reads need no user filter; new rows take the caller's id by default.
 */
import { z } from "zod";
import { TODO_ROW_COLUMNS, todoRowSchema, type TodoRow } from "#core/todos/todo-schema.ts";
import { supabase } from "#app/lib/supabase.ts";

const rows = z.array(todoRowSchema);

export async function listTodos(): Promise<TodoRow[]> {
  const { data, error } = await supabase
    .from("todos")
    .select(TODO_ROW_COLUMNS)
    .order("position")
    .order("created_at");
  if (error) throw error;
  return rows.parse(data);
}

export async function addTodo(title: string): Promise<TodoRow> {
  const { data, error } = await supabase.from("todos").insert({ title }).select(TODO_ROW_COLUMNS).single();
  if (error) throw error;
  return todoRowSchema.parse(data);
}

export async function setTodoDone(id: string, done: boolean): Promise<void> {
  const { error } = await supabase.from("todos").update({ done }).eq("id", id);
  if (error) throw error;
}

export async function removeTodo(id: string): Promise<void> {
  const { error } = await supabase.from("todos").delete().eq("id", id);
  if (error) throw error;
}

/** Removes every ticked item; returns how many went. */
export async function clearDoneTodos(): Promise<number> {
  const { data, error } = await supabase.from("todos").delete().eq("done", true).select("id");
  if (error) throw error;
  return data.length;
}

/** The whole list's new order (ids in display order), saved in one statement. */
export async function reorderTodos(ids: readonly string[]): Promise<void> {
  const { error } = await supabase.rpc("reorder_todos", { todo_ids: [...ids] });
  if (error) throw error;
}
