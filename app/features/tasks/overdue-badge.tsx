/** The navigation's overdue count beside "Tasks": the signed-in user's open tasks past due (nothing when none). */
import { useOverdueCount } from "./hooks/task-queries.ts";

export default function OverdueBadge() {
  const count = useOverdueCount();
  const n = count.data ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="ml-auto rounded-full bg-destructive px-1.5 text-[11px] font-semibold leading-5 text-white"
      data-testid="tasks-overdue-badge"
    >
      <span aria-hidden="true">{n > 99 ? "99+" : n}</span>
      <span className="sr-only">, {n} overdue</span>
    </span>
  );
}
