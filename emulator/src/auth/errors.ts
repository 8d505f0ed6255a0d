/**
 * GoTrue's error responses. GoTrue answers in one of two shapes depending on the API version the
 * client asks for in `X-Supabase-Api-Version` (supabase-js always sends 2024-01-01):
 *  - 2024-01-01 and later: `{ code: "<error_code>", message }`, header echoed back;
 *  - initial version:      `{ code: <status>, error_code, msg }` plus `x-sb-error-code`.
 * See supabase/auth internal/api/errors.go (HandleResponseError).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const API_VERSION_HEADER = "x-supabase-api-version";
export const API_VERSION_20240101 = "2024-01-01";

/** A GoTrue error: HTTP status, machine code (errorcode.go) and the user-facing message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields (e.g. `weak_password: { reasons }`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);

/** True when the client asked for API version 2024-01-01 or later. */
export function wantsVersion20240101(c: Context): boolean {
  const v = c.req.header(API_VERSION_HEADER);
  if (!v || !/^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v.trim())) return false;
  return v.trim() >= API_VERSION_20240101;
}

export function authErrorResponse(c: Context, err: AuthError): Response {
  const status = err.status as ContentfulStatusCode;
  if (wantsVersion20240101(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_20240101);
    return c.json({ code: err.code, message: err.message, ...err.extra }, status);
  }
  c.header("x-sb-error-code", err.code);
  return c.json({ code: err.status, error_code: err.code, msg: err.message, ...err.extra }, status);
}
