/**
 * Server state of the checklist (TanStack Query). Every change shows at once (the cached list is
 * updated before the request) and is put right from the server afterwards; a failure is toasted
 * once by the query client and the list refetched.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { moveItem, type TodoRow } from "#core/todos/todo-schema.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  addTodo,
  clearDoneTodos,
  listTodos,
  removeTodo,
  reorderTodos,
  setTodoDone,
} from "../api/todos-api.ts";

export const todoKeys = {
  all: (userId: string | undefined) => ["todos", userId ?? "anonymous"] as const,
};

function useTodoCache() {
  const { user } = useSession();
  const qc = useQueryClient();
  const key = todoKeys.all(user?.id);
  return {
    key,
    /** Applies a change to the cached list now; returns the list as it was (for a rollback). */
    patch: async (change: (rows: TodoRow[]) => TodoRow[]) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<TodoRow[]>(key);
      if (before) qc.setQueryData<TodoRow[]>(key, change(before));
      return before;
    },
    restore: (rows: TodoRow[] | undefined) => rows && qc.setQueryData(key, rows),
    refresh: () => qc.invalidateQueries({ queryKey: key }),
  };
}

export function useTodos() {
  const { user } = useSession();
  return useQuery({ queryKey: todoKeys.all(user?.id), queryFn: listTodos, enabled: !!user });
}

export function useAddTodo() {
  const cache = useTodoCache();
  return useMutation({
    mutationFn: addTodo,
    meta: { errorTitle: "Todo not added" },
    onSuccess: (row) => void cache.patch((rows) => [...rows, row]),
    onSettled: () => cache.refresh(),
  });
}

export function useSetDone() {
  const cache = useTodoCache();
  return useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) => setTodoDone(id, done),
    meta: { errorTitle: "Todo not updated" },
    onMutate: ({ id, done }) => cache.patch((rows) => rows.map((r) => (r.id === id ? { ...r, done } : r))),
    onError: (_e, _v, before) => cache.restore(before),
    onSettled: () => cache.refresh(),
  });
}

export function useRemoveTodo() {
  const cache = useTodoCache();
  return useMutation({
    mutationFn: removeTodo,
    meta: { errorTitle: "Todo not removed" },
    onMutate: (id) => cache.patch((rows) => rows.filter((r) => r.id !== id)),
    onError: (_e, _v, before) => cache.restore(before),
    onSettled: () => cache.refresh(),
  });
}

export function useClearDone() {
  const cache = useTodoCache();
  return useMutation({
    mutationFn: clearDoneTodos,
    meta: { errorTitle: "Done todos not cleared" },
    onMutate: () => cache.patch((rows) => rows.filter((r) => !r.done)),
    onError: (_e, _v, before) => cache.restore(before),
    onSettled: () => cache.refresh(),
  });
}

export function useMoveTodo() {
  const cache = useTodoCache();
  return useMutation({
    mutationFn: (ids: string[]) => reorderTodos(ids),
    meta: { errorTitle: "Order not saved" },
    onMutate: (ids) =>
      cache.patch((rows) => ids.map((id, i) => ({ ...rows.find((r) => r.id === id)!, position: i }))),
    onError: (_e, _v, before) => cache.restore(before),
    onSettled: () => cache.refresh(),
  });
}

export { moveItem };
