/**
 * Lists of owned records at scale (Supabase's advice for RLS: repeat the policy as a filter).
 * A module's read policy is `scope = 'all' or (scope = 'own' and (owner_id = me or assignee_id
 * = me))`; behind that OR the planner cannot use the owner and assignee indexes, so a staff
 * member's list reads every row to test it (100,000 contacts: over a second). The same test sent
 * as a query filter can use them (a few milliseconds). RLS still decides; this only narrows.
 */
import type { ModuleAccessRow } from "../schemas/module-access.ts";

/**
 * Whose records a list asks for: the user's id when they see only their own, null when they see
 * every record the policy shows (all, or their branch's), undefined while that is not known yet (keep the query waiting).
 */
export type OwnScope = string | null | undefined;

/**
 * Admins see every record; staff see a module's records per module_access (a module without a
 * row is "own", as private.access_scope defaults).
 */
export function ownScope(
  role: string | null,
  userId: string | null,
  modes: readonly Pick<ModuleAccessRow, "module" | "mode">[] | undefined,
  module: string,
): OwnScope {
  if (role === "admin") return null;
  if (role !== "staff" || !userId || !modes) return undefined;
  const mode = modes.find((m) => m.module === module)?.mode ?? "own";
  // Branch visibility spans several people; the policy's list (private.scope_members) is one
  // value per statement there, so the owner and assignee indexes still serve it without a filter.
  return mode === "own" ? userId : null;
}

/** The PostgREST `or=(…)` body for "owned by or assigned to" the user, over the given columns. */
export function ownRecordsFilter(
  userId: string,
  columns: readonly string[] = ["owner_id", "assignee_id"],
): string {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error("ownRecordsFilter: not a user id");
  return columns.map((c) => `${c}.eq.${userId}`).join(",");
}
