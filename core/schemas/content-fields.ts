/**
 * Row fields that both the public pages and the edge worker parse. Rows use valibot, whose
 * schemas tree-shake to what is used (a few KB on public pages, where every kilobyte counts);
 * forms use zod (./forms.ts), shared with react-hook-form and the worker's form API.
 */
import * as v from "valibot";

/** Postgres numeric arrives as a number or a decimal string. */
export const numericSchema = v.union([
  v.number(),
  v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number)),
]);
export const intSchema = () => v.pipe(v.number(), v.integer());
export const nullableText = () => v.nullable(v.string());

export const propertyImageRowSchema = v.object({
  storage_path: v.pipe(v.string(), v.minLength(1)),
  alt_text: v.optional(nullableText()),
  position: intSchema(),
  width: v.optional(v.nullable(intSchema())),
  height: v.optional(v.nullable(intSchema())),
});
export type PropertyImageRow = v.InferOutput<typeof propertyImageRowSchema>;
