/** The command palette's task search: title or description, through the user's RLS. */
import { z } from "zod";
import { TASK_SEARCH_MIN_LENGTH } from "#core/tasks/task-list.ts";
import { TASK_STATUS_LABELS, TASK_STATUSES } from "#core/tasks/task-workflow.ts";
import type { SearchProvider } from "#app/lib/modules/define-module.ts";
import { supabase } from "#app/lib/supabase.ts";

const hit = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  due_at: z.string().nullable(),
});

export const taskSearch: SearchProvider = {
  async search(query, signal) {
    const term = query.trim();
    if (term.length < TASK_SEARCH_MIN_LENGTH) return [];
    const { data, error } = await supabase
      .rpc("search_tasks", { term })
      .select("id, title, status, due_at")
      .order("updated_at", { ascending: false })
      .limit(8)
      .abortSignal(signal);
    if (error) throw error;
    return z
      .array(hit)
      .parse(data)
      .map((t) => ({
        id: t.id,
        title: t.title,
        subtitle: `Task · ${TASK_STATUS_LABELS[t.status]}`,
        href: `/tasks?id=${t.id}`,
      }));
  },
};
