/** Error bodies in the shapes the real services send, so supabase-js maps them the same way. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** PostgREST: { code, details, hint, message }. */
export function postgrestError(
  c: Context,
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) {
  return c.json({ code, details, hint, message }, status as ContentfulStatusCode);
}

/** GoTrue: { code, error_code, msg } (API version 2024-01-01 shape). */
export function gotrueError(c: Context, status: number, errorCode: string, msg: string) {
  return c.json({ code: status, error_code: errorCode, msg }, status as ContentfulStatusCode);
}

/** Storage API: { statusCode, error, message }. */
export function storageError(c: Context, status: number, error: string, message: string) {
  return c.json({ statusCode: String(status), error, message }, status as ContentfulStatusCode);
}
