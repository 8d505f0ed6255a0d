/**
 * On a phone the list's filters would fill the first screen: they sit in a sheet behind one
 * "Filters" button that names how many are active. Each control still writes to the URL at once,
 * so the cards behind the sheet narrow as the person picks; "Show results" closes it. The sheet
 * is a dialog (focus kept inside, Escape closes, focus back on the button) loaded on demand.
 */
import { SlidersHorizontalIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { activeFilterCount, type FilterDefs } from "#core/records/list-query.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "#app/components/ui/sheet.tsx";
import type { ListState } from "./use-list-query.ts";

export function FiltersSheet<Column extends string, Defs extends FilterDefs>({
  list,
  label,
  total,
  children,
}: {
  list: ListState<Column, Defs>;
  /** The list's name ("Contacts"), for the sheet's title. */
  label: string;
  /** Matching records, when known: the close button says how many it will show. */
  total?: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(list.query.filters);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="outline"
          className="h-11"
          data-slot="filters-button"
          aria-label={count > 0 ? `Filters, ${count} active` : undefined}
        >
          <SlidersHorizontalIcon aria-hidden="true" />
          Filters
          {count > 0 && (
            <Badge tone="primary" className="px-1.5">
              {count}
            </Badge>
          )}
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom" className="max-h-[85dvh] rounded-t-xl">
        <SheetHeader>
          <SheetTitle>Filter {label.toLowerCase()}</SheetTitle>
          <SheetDescription>Each choice applies at once.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col items-stretch gap-3 px-4 [&_button]:min-h-11 [&_input]:h-11 [&_select]:h-11">
          {children}
        </div>
        <SheetFooter className="flex-row">
          {count > 0 && (
            <Button variant="outline" className="h-11 flex-1" onClick={list.clearFilters}>
              Clear filters
            </Button>
          )}
          <SheetClose asChild>
            <Button className="h-11 flex-1">
              {total === undefined ? "Show results" : `Show ${total} ${total === 1 ? "result" : "results"}`}
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
