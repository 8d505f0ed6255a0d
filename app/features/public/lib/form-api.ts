/**
 * Posting the public forms to the edge worker's form API (POST /api/forms/<kind>).
 * The same zod schema validates on the client first, so the messages are identical; the
 * server's 400 per-field errors are shown the same way.
 */
import type { z } from "zod";
import {
  fieldErrors,
  FORM_SCHEMAS,
  formCreatedSchema,
  formErrorsSchema,
  type FormKind,
} from "#core/schemas/forms.ts";

export type SubmitResult =
  | { ok: true; id: string; status?: string }
  | {
      ok: false;
      errors: Record<string, string>;
      message: string;
      next?: Array<{ start: string; end: string }>;
    };

export const RETRY_LATER =
  "We have received a lot of requests from your connection. Please wait a minute and try again — your answers are kept.";
export const UNAVAILABLE =
  "Our form service is briefly unavailable. Please try again in a moment — your answers are kept — or reach us on WhatsApp.";
export const NETWORK =
  "We could not reach our server. Check your connection and try again — your answers are kept.";
export const FIX_ERRORS = "Please correct the highlighted fields.";

/** Validates locally with the shared schema; returns the field errors or null. */
export function validate(kind: FormKind, values: unknown): Record<string, string> | null {
  const schema = FORM_SCHEMAS[kind] as z.ZodType;
  const parsed = schema.safeParse(values);
  return parsed.success ? null : fieldErrors(parsed.error);
}

export async function submitForm(kind: FormKind, values: Record<string, unknown>): Promise<SubmitResult> {
  const local = validate(kind, values);
  if (local) return { ok: false, errors: local, message: FIX_ERRORS };
  let res: Response;
  try {
    res = await fetch(`/api/forms/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(values),
    });
  } catch {
    return { ok: false, errors: {}, message: NETWORK };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const created = formCreatedSchema.safeParse(body);
    return {
      ok: true,
      id: created.success ? created.data.id : "",
      status: created.success ? created.data.status : undefined,
    };
  }
  if (res.status === 429) return { ok: false, errors: {}, message: RETRY_LATER };
  if (res.status === 503 || res.status === 502 || res.status === 504)
    return { ok: false, errors: {}, message: UNAVAILABLE };
  const errs = formErrorsSchema.safeParse(body);
  if (errs.success) {
    const { _form, ...fields } = errs.data.errors;
    // 409: the time went to someone else; the field says so and the next free times come along.
    if (res.status === 409)
      return {
        ok: false,
        errors: fields,
        message: Object.values(fields)[0] ?? FIX_ERRORS,
        next: errs.data.next ?? [],
      };
    return { ok: false, errors: fields, message: _form ?? FIX_ERRORS };
  }
  return {
    ok: false,
    errors: {},
    message: `Something went wrong (${res.status}). Please try again — your answers are kept.`,
  };
}
