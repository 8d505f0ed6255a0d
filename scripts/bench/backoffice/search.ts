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
const OTHER = ["kofi.12@yahoo.com", "INV-2026-0042", "RCP-2025", "nana.4568@gmail.com"] as const;

const TERMS = [...TITLE_WORDS, ...NAMES, ...PHONES, ...OTHER];

export const scenarios: Scenario[] = (["admin", "staff"] as const).map((actor) => ({
  module: "command-palette",
  name: `search everything (${SEARCH_KINDS.length} kinds, ${SEARCH_PER_KIND} each): title word, name, phone, e-mail, number; ${actor}`,
  kind: "search" as const,
  actor,
  async run(c, ctx) {
    await ok(
      c.rpc("search_records", { term: ctx.pick(TERMS), kinds: [...SEARCH_KINDS], per_kind: SEARCH_PER_KIND }),
      "search_records",
    );
  },
}));
