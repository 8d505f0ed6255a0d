/**
 * The deals table and board: what can be sorted and filtered, as the URL
 * carries it. The board shows one pipeline: its open deals and those closed in the last
 * CLOSED_ON_BOARD_DAYS days; the table any status.
 */
import { z } from "zod";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import { DEAL_OUTCOMES } from "./deal-rules.ts";
import { DEAL_CURRENCIES } from "./deal-schema.ts";

export const MINE = "me";

export const dealListQuery = defineListQuery({
  sortable: [
    "updated_at",
    "created_at",
    "title",
    "value",
    "expected_close_date",
    "stage_entered_at",
    "closed_at",
  ],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    pipeline: filter.one(z.guid({ error: "Not a pipeline" })),
    status: filter.many(z.enum(DEAL_OUTCOMES, { error: "Use open, won or lost" })),
    stage: filter.one(z.guid({ error: "Not a stage" })),
    owner: filter.one(z.union([z.uuid(), z.literal(MINE)], { error: "Not an owner" })),
    currency: filter.one(z.enum(DEAL_CURRENCIES, { error: "Use GHS or USD" })),
    close_from: filter.one(z.iso.date({ error: "Enter a date" })),
    close_to: filter.one(z.iso.date({ error: "Enter a date" })),
  },
});
export type DealListQuery = ListQueryOf<typeof dealListQuery>;

/** Won and lost deals stay on the board this long after closing. */
export const CLOSED_ON_BOARD_DAYS = 30;
/** The board loads at most this many deals (a filter narrows it). */
export const BOARD_MAX_DEALS = 2000;
