/**
 * Each module's own search box at scale, as its list asks (the rows of search_<table> on the
 * shared search documents, ordered, first page of 25 with the total), as the scale admin and as
 * an agent whose RLS narrows every module: contacts by name, phone or e-mail, deals, listings,
 * tasks, the inbox, invoices and payments.
 */
import { ok, type Scenario } from "./scenario.ts";

// Words, people, phones, e-mails and numbers of scripts/scale/*.sql.
const BOXES: Array<{ module: string; fn: string; terms: readonly string[]; order: string }> = [
  {
    module: "business-contacts",
    fn: "search_contacts",
    terms: ["kwame mensah", "asante", "0240000120", "+233 55 000 4567", "kofi.12@yahoo.com"],
    order: "updated_at",
  },
  {
    module: "deals",
    fn: "search_deals",
    terms: ["east legon", "townhouse", "spintex deal"],
    order: "updated_at",
  },
  {
    module: "properties-admin",
    fn: "search_properties",
    terms: ["east legon", "cantonments", "trasacco"],
    order: "updated_at",
  },
  {
    module: "tasks",
    fn: "search_tasks",
    terms: ["quaye", "tenancy agreement", "deposit from mrs"],
    order: "due_at",
  },
  {
    module: "inbox",
    fn: "search_property_requests",
    terms: ["mensah", "akosua", "spintex"],
    order: "created_at",
  },
  {
    module: "invoices-receipts",
    fn: "search_invoices",
    terms: ["mensah", "INV-2026-0042", "asante enterprises"],
    order: "updated_at",
  },
  {
    module: "payments",
    fn: "search_payments",
    terms: ["mensah", "RCP-2025", "boateng"],
    order: "updated_at",
  },
];

export const scenarios: Scenario[] = (["admin", "staff"] as const).flatMap((actor) =>
  BOXES.map(
    ({ module, fn, terms, order }): Scenario => ({
      module,
      name: `search box (${fn}), page of 25 with total; ${actor}`,
      kind: "search",
      actor,
      async run(c, ctx) {
        await ok(
          c
            .rpc(fn, { term: ctx.pick(terms) }, { count: "exact" })
            .select("id")
            .order(order, { ascending: false, nullsFirst: false })
            .order("id")
            .range(0, 24),
          fn,
        );
      },
    }),
  ),
);
