/**
 * The command palette's search over every record kind at scale (public.search_records: 100,000
 * contacts, 20,000 deals and listings, the inboxes, 50,000 invoices, 80,000 payments, events,
 * tasks…): a word of a title, a person's name (in any order), a phone in each Ghanaian format,
 * an e-mail and a document number, as an admin and as an agent whose RLS narrows every kind.
 */
import { SEARCH_KINDS, SEARCH_PER_KIND } from "#core/search/record-search.ts";
import { ok, type Scenario } from "./scenario.ts";

// Words and people of scripts/scale/*.sql (deal titles "4-bed house, East Legon — deal 12", the
// contacts' first and last names, phones +233 <prefix> <n padded to 7>, invoice numbers).
const TITLE_WORDS = ["cantonments", "townhouse", "spintex deal", "plot of land", "takoradi"] as const;
const NAMES = ["kofi adjei", "adjei kofi", "akosua frimpong", "yaa asante", "mawuli"] as const;
const PHONES = ["0240000120", "+233 55 000 4567", "233200012340", "057 000 0777"] as const;
const EMAILS = ["kofi.12@yahoo.com", "nana.4568@gmail.com"] as const;
const NUMBERS = ["INV-2026-0042", "RCP-2025"] as const;

// One scenario per kind of term and actor, so each has its own figure.
const TERMS: Array<[string, readonly string[]]> = [
  ["a word of a title", TITLE_WORDS],
  ["a person's name", NAMES],
  ["a phone in any Ghanaian format", PHONES],
  ["an e-mail", EMAILS],
  ["a document number", NUMBERS],
];

export const scenarios: Scenario[] = (["admin", "staff"] as const).flatMap((actor) =>
  TERMS.map(
    ([what, terms]): Scenario => ({
      module: "command-palette",
      name: `search everything (${SEARCH_KINDS.length} kinds, ${SEARCH_PER_KIND} each) by ${what}; ${actor}`,
      kind: "search",
      actor,
      async run(c, ctx) {
        await ok(
          c.rpc("search_records", {
            term: ctx.pick(terms),
            kinds: [...SEARCH_KINDS],
            per_kind: SEARCH_PER_KIND,
          }),
          "search_records",
        );
      },
    }),
  ),
);
