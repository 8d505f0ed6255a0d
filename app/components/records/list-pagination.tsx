/** Paging of a back-office list (page and size in the URL), with a live count for screen readers. */
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { useId } from "react";
import { pageCount, type FilterDefs } from "#core/records/list-query.ts";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { ListState } from "./use-list-query.ts";

/** "1–25 of 123", rows per page and page buttons, bound to the list's URL state. */
export function ListPagination<Column extends string, Defs extends FilterDefs>({
  list,
  total,
  loading,
}: {
  list: ListState<Column, Defs>;
  total: number;
  loading: boolean;
}) {
  const sizeId = useId();
  const { page, pageSize } = list.query;
  const pages = pageCount(total, pageSize);
  const firstRow = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const lastRow = Math.min(total, page * pageSize);
  const fmt = (n: number) => n.toLocaleString("en-GB");
  const onPage = list.setPage;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {/* A live region: filtering announces the new count. */}
      <p role="status" className="text-muted-foreground">
        {loading
          ? "Loading…"
          : total === 0
            ? "No results"
            : `${fmt(firstRow)}–${fmt(lastRow)} of ${fmt(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-muted-foreground">
          Rows per page
        </label>
        <NativeSelect
          id={sizeId}
          className="h-9 w-auto"
          value={pageSize}
          onChange={(e) => list.setPageSize(Number(e.target.value))}
        >
          {list.def.pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
        <span className="px-2 text-muted-foreground">
          Page {fmt(page)} of {fmt(pages)}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label="First page"
          disabled={page <= 1}
          onClick={() => onPage(1)}
        >
          <ChevronsLeftIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label="Next page"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label="Last page"
          disabled={page >= pages}
          onClick={() => onPage(pages)}
        >
          <ChevronsRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
