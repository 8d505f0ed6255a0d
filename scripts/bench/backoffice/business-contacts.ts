/**
 * CRM at scale (100,000 contacts, 20,000 deals): the contacts table filtered and sorted, the
 * search by name, phone or e-mail, the duplicate check on create, and the deals board's data.
 * The board's render time is measured in the browser (deal-board.tsx).
 */
import { CONTACT_ROW_COLUMNS } from "#core/business-contacts/contact-schema.ts";
import { DEAL_ROW_COLUMNS } from "#core/deals/deal-schema.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { ok, type Scenario } from "./scenario.ts";

const STAGES = ["lead", "prospect", "client"] as const;
const NAME_TERMS = ["kwame mensah", "akosua owusu", "asante", "frimpong", "accra homes"] as const;
// Phones and e-mails of 30-contacts.sql (contact g has +233 <prefix> <g padded to 7>).
const PHONE_TERMS = ["0240000120", "+233550004567", "0200012340", "0570000777"] as const;
const EMAIL_TERMS = ["kofi.12@yahoo.com", "nana.4568@gmail.com", "efua.777@outlook.com"] as const;
const SALE = "00000000-0000-4000-d100-000000000001";

export const scenarios: Scenario[] = [
  {
    module: "business-contacts",
    name: "list: a stage, most recently updated first, page of 25 with total",
    kind: "list",
    actor: "admin",
    async run(c, ctx) {
      const { data, error, count } = await c
        .from("contacts")
        .select(CONTACT_ROW_COLUMNS, { count: "exact" })
        .eq("stage", ctx.pick(STAGES))
        .order("updated_at", { ascending: false })
        .order("id")
        .range(0, 24);
      if (error) throw new Error(error.message);
      if (!data?.length || !count) throw new Error("empty first page");
    },
  },
  {
    module: "business-contacts",
    name: "list: staff's own contacts (RLS), by name, page of 25 with total",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      // As the page asks: the policy's own test repeated as a filter (core/records/own-records.ts).
      const { data, error } = await c
        .from("contacts")
        .select(CONTACT_ROW_COLUMNS, { count: "exact" })
        .or(ownRecordsFilter(ctx.userId))
        .order("display_name")
        .order("id")
        .range(0, 24);
      if (error) throw new Error(error.message);
      if (!data?.length) throw new Error("empty first page");
    },
  },
  {
    module: "business-contacts",
    name: "search: name, phone or e-mail (trigram)",
    kind: "search",
    actor: "admin",
    async run(c, ctx) {
      const term = ctx.pick([...NAME_TERMS, ...PHONE_TERMS, ...EMAIL_TERMS]);
      await ok(
        c
          .rpc("search_contacts", { term })
          .select("id, display_name, phone, email")
          .order("updated_at", { ascending: false })
          .limit(10),
        "search",
      );
    },
  },
  {
    module: "business-contacts",
    name: "duplicate check on create (phone and e-mail)",
    kind: "list",
    actor: "staff",
    async run(c, ctx) {
      await ok(
        c
          .rpc("contact_duplicates", { phone: ctx.pick(PHONE_TERMS), email: ctx.pick(EMAIL_TERMS) })
          .select("id, display_name"),
        "duplicates",
      );
    },
  },
  {
    module: "deals",
    name: "board data: the sales pipeline's open and recent deals",
    kind: "other",
    targetMs: 300,
    actor: "admin",
    async run(c) {
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
      await ok(
        c
          .from("deals")
          .select(DEAL_ROW_COLUMNS)
          .eq("pipeline_id", SALE)
          .or(`status.eq.open,closed_at.gte.${since}`)
          .order("stage_entered_at")
          .order("id")
          .limit(2001),
        "board",
      );
    },
  },
];
