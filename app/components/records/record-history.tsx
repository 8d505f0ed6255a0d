/**
 * A record's history panel and its query keys. The panel itself (record-history-panel.tsx) reads
 * every module's field tables and schemas to put changes in the user's words, so it loads only
 * when a record shows its history — never with a list or a module's first screen, which import
 * this file for the keys they invalidate after a save.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { AUDIT_LOG_TABLE } from "#core/records/audit-log.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";

export const HISTORY_PAGE_SIZE = 25;

/** Query keys of the history panel: a module invalidates `historyKeys.record(table, id)` after a save. */
export const historyKeys = {
  all: [AUDIT_LOG_TABLE] as const,
  record: (table: string, recordId: string) => [AUDIT_LOG_TABLE, table, recordId] as const,
  names: (refKey: readonly string[]) => [AUDIT_LOG_TABLE, "names", ...refKey] as const,
  page: (table: string, recordId: string, limit: number) =>
    [AUDIT_LOG_TABLE, table, recordId, limit] as const,
};

export interface RecordHistoryProps {
  table: string;
  recordId: string;
  /** Field → label, in the order fields should be listed. */
  fieldLabels?: Record<string, string>;
  /** List only the labelled fields (hides internal columns). */
  onlyLabelled?: boolean;
  /** A field's value as the module shows it; return undefined for the default. */
  formatValue?: (field: string, value: unknown) => ReactNode | undefined;
  /** The record's currency, for money fields whose currency did not change in an entry. */
  currency?: string | null;
}

/** The panel while its code or its first page of changes loads. */
export function HistoryLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading history</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

const Panel = lazy(() => import("./record-history-panel.tsx"));

export function RecordHistory(props: RecordHistoryProps) {
  return (
    <Suspense fallback={<HistoryLoading />}>
      <Panel {...props} />
    </Suspense>
  );
}
