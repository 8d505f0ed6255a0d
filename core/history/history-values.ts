/**
 * One value of a history entry as a person reads it: nothing ("—"), words, or a reference to a
 * team member or a record (the screen turns it into a name and a link). Money is formatted from
 * its decimal text in exact minor units (a JSON number reads back as its shortest decimal, so
 * 9333333.32 stays 9,333,333.32); dates and times by the user's formatters.
 */
import { formatMinor, toMinor } from "../money/minor-units.ts";
import type { RecordNameTable } from "../records/record-links.ts";
import { humanizeToken, type FieldKind } from "./history-fields.ts";

export type ValueView =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "ref"; table: RecordNameTable | "member"; id: string };

export interface ValueFormatters {
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

export const HISTORY_VALUE_MAX_LENGTH = 120;

/** A decimal amount as text, exactly: numbers by their shortest round-trip form, numeric text as sent. */
export function decimalText(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  return null;
}

/** "GHS 9,333,333.32" from 9333333.32 or "9333333.32"; null when it is no amount. */
export function formatExactMoney(value: unknown, currency: string, minorUnits = false): string | null {
  const text = decimalText(value);
  if (text === null) return null;
  try {
    const minor = minorUnits ? Number(BigInt(text.split(".")[0]!)) : toMinor(text);
    return formatMinor(minor, currency.toUpperCase());
  } catch {
    return null;
  }
}

function plain(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value))
    return value.map((v) => (typeof v === "string" ? humanizeToken(v) : JSON.stringify(v))).join(", ");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return typeof value === "string" ? humanizeToken(value) : String(value);
}

function cut(text: string): string {
  return text.length > HISTORY_VALUE_MAX_LENGTH ? `${text.slice(0, HISTORY_VALUE_MAX_LENGTH - 1)}…` : text;
}

/**
 * The view of `value` for a field of `kind`. `currency`: the record's currency when the field's
 * currency column did not change in this entry (the audit row only holds what changed).
 */
export function viewValue(
  kind: FieldKind,
  value: unknown,
  { currency, format }: { currency: string; format: ValueFormatters },
): ValueView {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0))
    return { kind: "empty" };
  switch (kind.type) {
    case "ref":
      if (typeof value === "string") return { kind: "ref", table: kind.table, id: value };
      break;
    case "enum":
      if (typeof value === "string")
        return { kind: "text", text: kind.labels[value] ?? humanizeToken(value) };
      break;
    case "money":
    case "minor": {
      const text = formatExactMoney(value, currency, kind.type === "minor");
      if (text !== null) return { kind: "text", text };
      break;
    }
    case "percent":
      if (decimalText(value) !== null) return { kind: "text", text: `${decimalText(value)} %` };
      break;
    case "date":
      if (typeof value === "string")
        return { kind: "text", text: format.date(`${value.slice(0, 10)}T12:00:00Z`) };
      break;
    case "datetime":
      if (typeof value === "string") return { kind: "text", text: format.dateTime(value) };
      break;
  }
  return { kind: "text", text: cut(plain(value)) };
}

/** The currency an entry's money is in: the currency column's value in the entry, else the record's. */
export function entryCurrency(
  changes: Readonly<Record<string, unknown>> | null,
  field: string | undefined,
  fallback: string,
): string {
  const v = field ? changes?.[field] : undefined;
  if (typeof v === "string") return v;
  if (v && typeof v === "object" && "new" in v && typeof (v as { new: unknown }).new === "string")
    return (v as { new: string }).new;
  return fallback;
}
