/** The history panel's queries: a page of a record's history, and the names its entries point at. */
import { useQuery } from "@tanstack/react-query";
import type { RecordNameTable } from "#core/records/record-links.ts";
import { recordNames } from "#app/lib/record-names.ts";
import { loadHistory } from "../api/history-api.ts";
import { historyKeys } from "../record-history.tsx";

export function useHistoryPage(table: string, recordId: string, limit: number) {
  return useQuery({
    queryKey: historyKeys.page(table, recordId, limit),
    queryFn: () => loadHistory(table, recordId, limit),
    // The next page extends the list in place instead of blanking it.
    placeholderData: (previous) => previous,
  });
}

/** `refKey`: the sorted "table:id" list of `refs`, so one set of names is asked once. */
export function useHistoryNames(refs: Map<RecordNameTable, Set<string>>, refKey: readonly string[]) {
  return useQuery({
    queryKey: historyKeys.names(refKey),
    queryFn: () => recordNames(refs),
    enabled: refKey.length > 0,
    staleTime: 60_000,
  });
}
