/**
 * A record's history (loaded on demand by record-history.tsx, with every module's field tables): who changed what and when, newest first — read from `audit_log` (filled by
 * a database trigger on every back-office table; readable through RLS by whoever may read the
 * record) with supabase-js, and the actors' names from profiles. Each entry shows the action,
 * the person, a relative time (the exact time on hover and for screen readers) and the changed
 * fields as old → new in the user's words: names (linked) instead of ids, enum labels, money and
 * dates per the user's settings (core/history/), internal columns hidden; a personal column as
 * "changed" without values (the log never holds them). A module may still format a field itself.
 */
import { formatDistanceToNow } from "date-fns";
import { ArrowRightIcon, HistoryIcon } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { fieldKind, isNamedRef } from "#core/history/history-fields.ts";
import { HISTORY_TABLES } from "#core/history/history-tables.ts";
import { entryCurrency, viewValue } from "#core/history/history-values.ts";
import { changeLines, type AuditAction, type AuditRow, type ChangeLine } from "#core/records/audit-log.ts";
import { RECORD_NAME_TABLES, recordPath, type RecordNameTable } from "#core/records/record-links.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { displayName } from "#core/schemas/profile.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useHistoryNames, useHistoryPage } from "./hooks/history-queries.ts";
import { useMemberName } from "#app/lib/team-members.ts";
import { HISTORY_PAGE_SIZE, HistoryLoading, type RecordHistoryProps } from "./record-history.tsx";

const ACTION_TEXT: Record<AuditAction, string> = { insert: "created", update: "changed", delete: "deleted" };

/** "Phone", "Phone and E-mail", "Phone, E-mail and 2 more": what an update touched, for its heading. */
function touched(lines: readonly ChangeLine[]): string {
  const names = lines.map((l) => l.label);
  if (names.length === 0) return "this record";
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

export default function RecordHistoryPanel({
  table,
  recordId,
  fieldLabels,
  onlyLabelled,
  formatValue,
  currency,
}: RecordHistoryProps) {
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const fmt = useFormatters();
  const memberName = useMemberName();
  const spec = HISTORY_TABLES[table];
  const query = useHistoryPage(table, recordId, limit);
  const entries = useMemo(
    () =>
      (query.data?.rows ?? []).map((row) => ({
        row,
        lines: changeLines(row, { table: spec, labels: fieldLabels, onlyLabelled }),
      })),
    [query.data, spec, fieldLabels, onlyLabelled],
  );
  // The records the entries point at, named in one request per table (under the user's RLS).
  const refs = useMemo(() => {
    const byTable = new Map<RecordNameTable, Set<string>>();
    for (const { lines } of entries)
      for (const l of lines)
        for (const v of [l.old, l.new]) {
          const kind = fieldKind(spec, l.field, v);
          if (typeof v === "string" && isNamedRef(kind)) {
            if (!byTable.has(kind.table)) byTable.set(kind.table, new Set());
            byTable.get(kind.table)!.add(v);
          }
        }
    return byTable;
  }, [entries, spec]);
  const refKey = [...refs].flatMap(([t, ids]) => [...ids].sort().map((id) => `${t}:${id}`)).sort();
  const names = useHistoryNames(refs, refKey);

  const show = (row: AuditRow, field: string, value: unknown): ReactNode => {
    const own = formatValue?.(field, value);
    if (own !== undefined) return own;
    const kind = fieldKind(spec, field, value);
    const view = viewValue(kind, value, {
      currency: entryCurrency(
        row.changes,
        "currencyField" in kind ? kind.currencyField : undefined,
        currency ?? fmt.settings.currency,
      ),
      format: { date: fmt.date, dateTime: fmt.dateTime },
    });
    if (view.kind === "empty") return "—";
    if (view.kind === "text") return view.text;
    if (view.table === "member") return memberName(view.id);
    const name = names.data?.get(`${view.table}:${view.id}`);
    if (!name) return names.isPending ? "…" : `(${RECORD_NAME_TABLES[view.table].noun} not available)`;
    const path = recordPath(view.table, view.id);
    return path ? (
      <Link to={path} className="underline underline-offset-2 hover:text-primary">
        {name}
      </Link>
    ) : (
      name
    );
  };

  if (query.isPending) {
    return <HistoryLoading />;
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
  const { actors, more } = query.data;
  if (entries.length === 0) {
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
        {entries.map(({ row, lines }) => {
          const actor = row.actor_id ? actors.get(row.actor_id) : undefined;
          // No actor: a change made with the secret key or in a migration.
          const who = !row.actor_id
            ? "The system"
            : actor
              ? displayName(actor, actor.email)
              : "A former user";
          const at = new Date(row.created_at);
          return (
            <li
              key={row.id}
              className="min-w-0 rounded-md border bg-background p-3 text-sm"
              data-action={row.action}
            >
              <p className="[overflow-wrap:anywhere]">
                <span className="font-medium">{who}</span> {ACTION_TEXT[row.action]}{" "}
                {row.action === "update" ? touched(lines) : "this record"}{" "}
                <time dateTime={row.created_at} title={fmt.dateTime(at)} className="text-muted-foreground">
                  {formatDistanceToNow(at, { addSuffix: true })}
                  <span className="sr-only"> ({fmt.dateTime(at)})</span>
                </time>
              </p>
              {lines.length > 0 && (
                <dl className="mt-2 grid grid-cols-[minmax(6rem,max-content)_minmax(0,1fr)] gap-x-3 gap-y-1">
                  {lines.map((l) => (
                    <div key={l.field} className="contents" data-field={l.field}>
                      <dt className="text-muted-foreground [overflow-wrap:anywhere]">{l.label}</dt>
                      <dd className="flex min-w-0 flex-wrap items-center gap-1 [overflow-wrap:anywhere]">
                        {l.redacted ? (
                          <span data-redacted="true">
                            {row.action === "update"
                              ? "changed"
                              : row.action === "insert"
                                ? "set"
                                : "cleared"}{" "}
                            <span className="text-xs text-muted-foreground">
                              (personal data: the history keeps no values)
                            </span>
                          </span>
                        ) : (
                          <>
                            {row.action !== "insert" && (
                              <span
                                className={
                                  row.action === "update"
                                    ? "text-muted-foreground line-through decoration-1"
                                    : undefined
                                }
                              >
                                {show(row, l.field, l.old)}
                              </span>
                            )}
                            {row.action === "update" && (
                              <>
                                <ArrowRightIcon className="size-3.5 shrink-0" aria-hidden="true" />
                                <span className="sr-only">to</span>
                              </>
                            )}
                            {row.action !== "delete" && <span>{show(row, l.field, l.new)}</span>}
                          </>
                        )}
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
