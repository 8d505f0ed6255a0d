/**
 * Row fields that both the public pages and the edge worker parse (zod/mini: these load on
 * public pages, where every kilobyte counts).
 */
import * as z from "zod/mini";

/** Postgres numeric arrives as a number or a decimal string. */
export const numericSchema = z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number))]);
const int = () => z.number().check(z.int());
const nullableText = () => z.nullable(z.string());

export const propertyImageRowSchema = z.object({
  storage_path: z.string().check(z.minLength(1)),
  alt_text: z.optional(nullableText()),
  position: int(),
  width: z.optional(z.nullable(int())),
  height: z.optional(z.nullable(int())),
});
export type PropertyImageRow = z.infer<typeof propertyImageRowSchema>;

