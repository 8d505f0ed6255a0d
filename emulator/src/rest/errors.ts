/** PostgREST's errors: its own PGRSTxxx codes and the SQLSTATE → HTTP status mapping. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    // Gateway-level refusals (e.g. body size) carry only a message, as Supabase's API gateway sends.
    if (this.code === "") return { message: this.message };
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** The HTTP status PostgREST answers for a SQLSTATE (Error.hs, mapSQLtoHTTP). */
export function statusForSqlState(code: string, authed: boolean, message: string): number {
  switch (code) {
    case "23503":
    case "23505":
      return 409;
    case "25006":
      return 405;
    case "21000":
      return /requires a WHERE clause/.test(message) ? 400 : 500;
    case "22023":
      return /^role .* does not exist/.test(message) ? 401 : 400;
    case "53400":
      return 500;
    case "57P01":
      return 503;
    case "P0001":
      return 400;
    case "42883":
      return 404;
    case "42P01":
      return 404;
    case "42P17":
      return 500;
    case "42501":
      return authed ? 403 : 401;
  }
  const p2 = code.slice(0, 2);
  switch (p2) {
    case "08":
      return 503;
    case "09":
      return 500;
    case "0L":
    case "0P":
      return 403;
    case "25":
      return 500;
    case "28":
      return 403;
    case "2D":
    case "38":
    case "39":
    case "3B":
    case "40":
      return 500;
    case "53":
      return 503;
    case "54":
    case "55":
    case "57":
    case "58":
    case "F0":
    case "HV":
    case "P0":
    case "XX":
      return 500;
    case "PT": {
      // PostgREST reads the three characters as an integer (Haskell's readMaybe): digits only,
      // so PT404 is 404 while PT1E2 (which Number() would read as 100) is 500.
      const digits = code.slice(2);
      const n = /^\d{3}$/.test(digits) ? Number(digits) : Number.NaN;
      return n >= 100 && n <= 599 ? n : 500;
    }
  }
  return 400;
}

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** A Postgres error (from PGlite) as PostgREST reports it. */
export function fromPgError(e: unknown, authed: boolean): ApiError | null {
  const pe = e as PgErrorLike;
  if (!pe || typeof pe.code !== "string" || !/^[0-9A-Z]{5}$/.test(pe.code) || typeof pe.message !== "string")
    return null;
  const code = pe.code;
  const message = pe.message;
  const details = typeof pe.detail === "string" ? pe.detail : null;
  const hint = typeof pe.hint === "string" ? pe.hint : null;
  // RAISE SQLSTATE 'PGRST' with JSON message/detail gives full control, like PostgREST.
  if (code === "PGRST") {
    try {
      const m = JSON.parse(message) as { code: string; message: string; details?: string; hint?: string };
      const d = JSON.parse(details ?? "") as { status: number; headers?: Record<string, string> };
      return new ApiError(d.status, m.code, m.message, m.details ?? null, m.hint ?? null, d.headers ?? {});
    } catch {
      return new ApiError(500, "PGRST121", `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`);
    }
  }
  const status = statusForSqlState(code, authed, message);
  const headers: Record<string, string> = status === 401 ? { "WWW-Authenticate": "Bearer" } : {};
  return new ApiError(status, code, message, details, hint, headers);
}
