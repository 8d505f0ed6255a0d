/**
 * A list of records as rows you open one at a time (the inboxes' left pane): each row a button
 * showing what the module renders, the open one marked; loading skeletons, an empty state and an
 * error with "Try again". ↑/↓ move between rows. Paging stays with ListPagination.
 */
import { RotateCwIcon } from "lucide-react";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cn } from "#app/lib/utils.ts";

export interface RecordListProps<Row> {
  label: string;
  id?: string;
  rows: readonly Row[];
  getId: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
  /** The accessible name of a row's button. */
  rowLabel: (row: Row) => string;
  selectedId: string | null;
  onSelect: (row: Row) => void;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty: ReactNode;
}

export function RecordList<Row>({
  label,
  id,
  rows,
  getId,
  renderRow,
  rowLabel,
  selectedId,
  onSelect,
  loading,
  error,
  onRetry,
  empty,
}: RecordListProps<Row>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (error) {
    return (
      <Alert variant="destructive">
        <span>Could not load the list: {describeDbError(error).message}</span>
        {onRetry && (
          <Button variant="link" className="ml-auto h-auto p-0" onClick={onRetry}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (loading && rows.length === 0) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading</span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (rows.length === 0)
    return (
      <div className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        {empty}
      </div>
    );
  function onKeyDown(e: KeyboardEvent, i: number) {
    const to = e.key === "ArrowDown" ? i + 1 : e.key === "ArrowUp" ? i - 1 : null;
    if (to === null || to < 0 || to >= rows.length) return;
    e.preventDefault();
    refs.current[to]?.focus();
  }
  return (
    <ul
      id={id}
      aria-label={label}
      aria-busy={loading || undefined}
      className="flex flex-col divide-y rounded-md border"
    >
      {rows.map((row, i) => {
        const rid = getId(row);
        const selected = rid === selectedId;
        return (
          <li key={rid}>
            <button
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              aria-label={rowLabel(row)}
              aria-current={selected || undefined}
              data-record-id={rid}
              onClick={() => onSelect(row)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                "w-full px-3 py-2.5 text-left outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/60",
                selected && "bg-accent",
              )}
            >
              {renderRow(row)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
