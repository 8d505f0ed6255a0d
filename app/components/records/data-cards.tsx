/**
 * The phone layout of a data table: one card per row in a list. The card's name is the row's
 * label (a button that opens the record when the list opens rows), then the key fields the
 * columns mark with `meta.card` — "line" for the lines under the title, "meta" for the small
 * facts at the bottom, "hidden" to leave a column out. Unmarked, the first column is the title,
 * the next two are lines and the two after them meta. A checkbox selects the card where the list
 * has bulk actions.
 */
import { flexRender, type Cell, type Row } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cn } from "#app/lib/utils.ts";

export type CardRole = "title" | "line" | "meta" | "hidden";

const DEFAULT_ROLES: readonly CardRole[] = ["title", "line", "line", "meta", "meta"];

/** Each visible cell's place on the card, by its column's `meta.card` or its position. */
export function cardRoles<Row>(cells: readonly Cell<Row, unknown>[]): CardRole[] {
  const data = cells.filter((c) => c.column.id !== "select");
  const marked = data.some((c) => c.column.columnDef.meta?.card);
  return data.map((c, i) =>
    marked ? (c.column.columnDef.meta?.card ?? "hidden") : (DEFAULT_ROLES[i] ?? "hidden"),
  );
}

function columnName<R>(cell: Cell<R, unknown>): string {
  const def = cell.column.columnDef;
  return def.meta?.label ?? (typeof def.header === "string" ? def.header : cell.column.id);
}

export function DataCards<R>({
  label,
  rows,
  rowLabel,
  onOpenRow,
  selectable,
  busy,
}: {
  label: string;
  rows: Row<R>[];
  rowLabel: (row: R) => string;
  onOpenRow?: (row: R) => void;
  selectable: boolean;
  busy: boolean;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className="flex flex-col gap-2"
      data-slot="data-cards"
    >
      {rows.map((row) => {
        const data = row.getVisibleCells().filter((c) => c.column.id !== "select");
        const roles = cardRoles(data);
        const pick = (role: CardRole) => data.filter((_, i) => roles[i] === role);
        const name = rowLabel(row.original);
        return (
          <li
            key={row.id}
            data-row-id={row.id}
            data-state={row.getIsSelected() ? "selected" : undefined}
            className="relative flex gap-3 rounded-lg border bg-background p-3 focus-within:ring-2 focus-within:ring-ring data-[state=selected]:bg-accent/60"
          >
            {selectable && (
              <Checkbox
                aria-label={`Select ${name}`}
                className="relative z-10 mt-0.5 size-5"
                checked={row.getIsSelected()}
                onCheckedChange={(on) => row.toggleSelected(on === true)}
              />
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {onOpenRow ? (
                <button
                  type="button"
                  className="min-h-6 text-left font-medium break-words outline-none after:absolute after:inset-0 after:rounded-lg"
                  onClick={() => onOpenRow(row.original)}
                >
                  {name}
                </button>
              ) : (
                <p className="font-medium break-words">{name}</p>
              )}
              {pick("line").map((cell) => (
                <CardField key={cell.id} name={columnName(cell)} className="text-sm">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </CardField>
              ))}
              {pick("meta").length > 0 && (
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  {pick("meta").map((cell) => (
                    <CardField key={cell.id} name={columnName(cell)} showName>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </CardField>
                  ))}
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One field on a card: the cell as the table shows it, after its column's name (shown for the
 * small facts, whose values alone would not say what they are; for screen readers always).
 */
function CardField({
  name,
  showName,
  className,
  children,
}: {
  name: string;
  showName?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 items-center gap-1.5 break-words [&_a]:relative [&_a]:z-10", className)}>
      <span className={showName ? undefined : "sr-only"}>{name}: </span>
      {children}
    </div>
  );
}

export function DataCardsSkeleton({ count }: { count: number }) {
  return (
    <ul aria-label="Loading" aria-busy="true" className="flex flex-col gap-2">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex flex-col gap-2 rounded-lg border p-3" data-testid="skeleton-row">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
