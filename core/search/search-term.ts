/**
 * What a typed search term means, as the database's private.search_query reads it (migration
 * …_search_documents.sql): fewer than SEARCH_MIN_LENGTH or more than SEARCH_MAX_LENGTH
 * characters search nothing; a phone-like term matches by its digits or its national number
 * (so "0244 310 022", "+233 24 431 0022" and "233244310022" are one search); anything else is
 * words, each a word of the record (any order; the last may be unfinished, as while typing; an
 * e-mail whole or its start; single letters only when nothing longer was typed). The palette
 * keys its requests by `key`, so terms that differ only in case or spacing are asked once.
 */
import { phoneSearchTerm } from "../business-contacts/phone.ts";

/** Fewer characters than this search nothing. */
export const SEARCH_MIN_LENGTH = 2;
/** More characters than this search nothing (nobody types a longer name or number). */
export const SEARCH_MAX_LENGTH = 100;

export type SearchTerm =
  | { kind: "phone"; key: string; digits: string; national: string }
  | { kind: "words"; key: string; words: string[] };

/** The national number of a phone's digits: without the 233 country code or the trunk 0. */
export function nationalDigits(digits: string): string {
  if (/^233\d{2,}/.test(digits)) return digits.slice(3);
  if (/^0\d{3,}/.test(digits)) return digits.slice(1);
  return digits;
}

export function normaliseSearchTerm(raw: string): SearchTerm | null {
  const text = raw.trim().toLowerCase();
  if (text.length < SEARCH_MIN_LENGTH || text.length > SEARCH_MAX_LENGTH) return null;
  const phone = phoneSearchTerm(text);
  const digits = phone?.replace(/\D/g, "") ?? "";
  if (phone && digits.length >= 4) {
    return { kind: "phone", key: text.replace(/\s+/g, " "), digits, national: nationalDigits(digits) };
  }
  const all = [...new Set(text.split(/[^\p{L}\p{N}@.+_-]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)))];
  const long = all.filter((w) => w.length >= 2);
  const words = long.length ? long : all;
  if (!words.length) return null;
  return { kind: "words", key: text.replace(/\s+/g, " "), words };
}

/**
 * What a list's search box sends to its module's search_<table> function (the same search
 * documents and word semantics as the palette), or null when the list shows the table itself:
 * too short or too long a term, or nothing searchable in it.
 */
export function listSearchTerm(raw: string): string | null {
  return normaliseSearchTerm(raw)?.key ?? null;
}
