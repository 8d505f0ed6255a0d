/**
 * A record's history: who changed what and when, newest first — read from `audit_log` (filled by
 * a database trigger on every back-office table; readable through RLS by whoever may read the
 * record) with supabase-js, and the actors' names from profiles. Each entry shows the action,
 * the person, a relative time (the exact time on hover and for screen readers) and the changed
 * fields as old → new, formatted by the module where it knows better (a status label, a price).
 */
import { useQuery } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { ArrowRightIcon, HistoryIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import {
  AUDIT_LOG_COLUMNS,
  AUDIT_LOG_TABLE,
  auditRowSchema,
  changeLines,
  formatAuditValue,
  type AuditAction,
  type AuditRow,
} from "#core/records/audit-log.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { displayName, parseProfile, PROFILE_COLUMNS, type Profile } from "#core/schemas/profile.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { supabase } from "#app/lib/supabase.ts";

export const HISTORY_PAGE_SIZE = 25;

/** Query keys of the history panel: a module invalidates `historyKeys.record(table, id)` after a save. */
export const historyKeys = {
  all: [AUDIT_LOG_TABLE] as const,
  record: (table: string, recordId: string) => [AUDIT_LOG_TABLE, table, recordId] as const,
  page: (table: string, recordId: string, limit: number) =>
    [AUDIT_LOG_TABLE, table, recordId, limit] as const,
};

interface HistoryPage {
  rows: AuditRow[];
  actors: Map<string, Profile>;
  more: boolean;
}

async function loadHistory(table: string, recordId: string, limit: number): Promise<HistoryPage> {
  const { data, error } = await supabase
    .from(AUDIT_LOG_TABLE)
    .select(AUDIT_LOG_COLUMNS)
    .eq("table_name", table)
    .eq("record_id", recordId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    // One more than shown tells whether there is an older page.
    .limit(limit + 1);
  if (error) throw error;
  const rows = auditRowSchema.array().parse(data);
  const actorIds = [...new Set(rows.map((r) => r.actor_id).filter((id): id is string => !!id))];
  const actors = new Map<string, Profile>();
  if (actorIds.length) {
    const { data: people, error: peopleError } = await supabase
      .from("profiles")
      .select(PROFILE_COLUMNS)
      .in("user_id", actorIds);
    // Names are a nicety: the history still shows without them.
    if (peopleError) console.error("record history: actor names failed", peopleError);
    for (const p of people ?? []) {
      const parsed = parseProfile(p);
      if ("profile" in parsed) actors.set(parsed.profile.user_id, parsed.profile);
    }
  }
  return { rows: rows.slice(0, limit), actors, more: rows.length > limit };
}

const ACTION_TEXT: Record<AuditAction, string> = { insert: "created", update: "changed", delete: "deleted" };

export interface RecordHistoryProps {
  table: string;
  recordId: string;
  /** Field → label, in the order fields should be listed. */
  fieldLabels?: Record<string, string>;
  /** List only the labelled fields (hides internal columns). */
  onlyLabelled?: boolean;
  /** A field's value as the module shows it; return undefined for the default. */
  formatValue?: (field: string, value: unknown) => ReactNode | undefined;
}

export function RecordHistory({
  table,
  recordId,
  fieldLabels,
  onlyLabelled,
  formatValue,
}: RecordHistoryProps) {
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const fmt = useFormatters();
  const query = useQuery({
    queryKey: historyKeys.page(table, recordId, limit),
    queryFn: () => loadHistory(table, recordId, limit),
    placeholderData: (previous) => previous,
  });

  const show = (field: string, value: unknown): ReactNode =>
    formatValue?.(field, value) ?? formatAuditValue(value);

  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading history</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <div className="flex flex-col gap-2">
          <p>Could not load the history: {describeDbError(query.error).message}</p>
          <Button variant="outline" size="sm" className="self-start" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  const { rows, actors, more } = query.data;
  if (rows.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <HistoryIcon className="size-4" aria-hidden="true" />
        No changes recorded yet.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3" aria-label="Changes, newest first" data-testid="record-history">
        {rows.map((row) => {
          const lines = changeLines(row, { labels: fieldLabels, onlyLabelled });
          const actor = row.actor_id ? actors.get(row.actor_id) : undefined;
          // No actor: a change made with the secret key or in a migration.
          const who = !row.actor_id
            ? "The system"
            : actor
              ? displayName(actor, actor.email)
              : "A former user";
          const at = new Date(row.created_at);
          return (
            <li key={row.id} className="rounded-md border bg-background p-3 text-sm" data-action={row.action}>
              <p>
                <span className="font-medium">{who}</span> {ACTION_TEXT[row.action]} this record{" "}
                <time dateTime={row.created_at} title={fmt.dateTime(at)} className="text-muted-foreground">
                  {formatDistanceToNow(at, { addSuffix: true })}
                  <span className="sr-only"> ({fmt.dateTime(at)})</span>
                </time>
              </p>
              {lines.length > 0 && (
                <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1">
                  {lines.map((l) => (
                    <div key={l.field} className="contents">
                      <dt className="text-muted-foreground">{l.label}</dt>
                      <dd className="flex min-w-0 flex-wrap items-center gap-1 break-words">
                        {row.action !== "insert" && (
                          <span
                            className={
                              row.action === "update"
                                ? "text-muted-foreground line-through decoration-1"
                                : undefined
                            }
                          >
                            {show(l.field, l.old)}
                          </span>
                        )}
                        {row.action === "update" && (
                          <>
                            <ArrowRightIcon className="size-3.5 shrink-0" aria-hidden="true" />
                            <span className="sr-only">to</span>
                          </>
                        )}
                        {row.action !== "delete" && <span>{show(l.field, l.new)}</span>}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          );
        })}
      </ol>
      {more && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setLimit((l) => l + HISTORY_PAGE_SIZE)}
          disabled={query.isFetching}
        >
          Show older changes
        </Button>
      )}
    </div>
  );
}
