/**
 * What a module tells the shared inbox screen (inbox-page.tsx) about its inbox: how a record is
 * summarised, its own fields, filters, actions and sections. Apart from the screen so the detail
 * pane can use it without an import cycle.
 */
import type { ReactNode } from "react";
import type { InboxListQuery } from "#core/inbox/inbox-list.ts";
import { INBOXES, type InboxId } from "#core/inbox/inbox-model.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import type { FilterDefs } from "#core/records/list-query.ts";
import type { StatusMap } from "#app/components/records/status-badge.tsx";
import type { ListState } from "#app/components/records/use-list-query.ts";
import type { Formatters } from "#app/lib/format.ts";

export type InboxList = ListState<string, FilterDefs> & { query: InboxListQuery };

export interface InboxScreen {
  inbox: InboxId;
  /** One line under the visitor's name in the list. */
  summary: (row: InboxRow, fmt: Formatters) => ReactNode;
  /** The submission's own fields in the open record. */
  fields: (
    row: InboxRow,
    fmt: Formatters,
  ) => ReadonlyArray<{ label: string; value: ReactNode } | null | false>;
  /** The inbox's own filters in the toolbar. */
  filters?: (list: InboxList) => ReactNode;
  /** Extra actions on the open record (confirm, reschedule…). */
  actions?: (row: InboxRow) => ReactNode;
  /** Extra sections of the open record (matches…). */
  sections?: (row: InboxRow) => ReactNode;
  /** The inbox's own key facts in the summary of the record's page (a viewing's listing and time). */
  facts?: (row: InboxRow, fmt: Formatters) => ReadonlyArray<{ label: string; value: ReactNode }>;
}

/** The inbox's statuses as badge tones (one map per inbox, from core). */
export function statusMapOf(inbox: InboxId): StatusMap<string> {
  return INBOXES[inbox].labels as StatusMap<string>;
}
