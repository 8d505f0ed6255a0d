/**
 * Field schemas for back-office forms (zod): what a person types in — text in number boxes, ""
 * for "none" — in, the column value out, each with a message that names the field. Shared by the
 * modules' form schemas so "1,250,000", "" and "abc" mean the same in every form.
 */
import { z } from "zod";

/** numeric columns arrive as JSON numbers from PostgREST (strings from some drivers). */
export const numericColumn = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** Text; "" (or only spaces) saves as null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is limited to ${max} characters`)
    .transform((s) => s || null);

/** A number typed into a text box: "" is none; commas allowed ("1,250,000"). */
export function optionalNumber(
  label: string,
  {
    min,
    max,
    integer = false,
    positive = false,
  }: { min?: number; max?: number; integer?: boolean; positive?: boolean },
) {
  return z.union([z.string(), z.number(), z.null()]).transform((v, ctx): number | null => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    const n = typeof v === "number" ? v : Number(v.trim().replace(/,/g, ""));
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!Number.isFinite(n)) return fail(`${label} must be a number`);
    if (integer && !Number.isInteger(n)) return fail(`${label} must be a whole number`);
    if (positive && n <= 0) return fail(`${label} must be more than 0`);
    if (min !== undefined && n < min)
      return fail(`${label} cannot be less than ${min.toLocaleString("en-GB")}`);
    if (max !== undefined && n > max)
      return fail(`${label} cannot be more than ${max.toLocaleString("en-GB")}`);
    return n;
  });
}

/**
 * An optional value: "" (or only spaces) is none, anything else must pass `schema` — whose own
 * message is kept (a zod union would only say "Invalid input").
 */
export function optional<T>(schema: z.ZodType<T>) {
  return z.string().transform((s, ctx): T | null => {
    if (s.trim() === "") return null;
    const r = schema.safeParse(s);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });
}

/** A select whose "" option means none. */
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  optional(z.enum(values, { error: `Choose a valid ${label.toLowerCase()}` })) as unknown as z.ZodType<
    T[number] | null,
    T[number] | ""
  >;

/** An e-mail address, lower-cased. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Keep the e-mail address under 254 characters")
  .pipe(z.email("Enter a valid email address"));

/** Form values of a row: null text as "", null numbers as "". */
/** A date field typed as YYYY-MM-DD (a date input's value); empty is null. */
export const optionalDate = z
  .string()
  .refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), "Enter a date")
  .transform((s) => s || null);

export const textValue = (v: string | null | undefined) => v ?? "";
export const numberValue = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
