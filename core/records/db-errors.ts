/**
 * What went wrong with a save, in words a member of staff can act on. Every back-office mutation
 * error passes through `describeDbError` — the query client's toast and the record form's
 * field-level messages alike — so one failure reads the same everywhere. Inputs are what
 * supabase-js hands back: a PostgrestError (`code` = SQLSTATE or PGRSTxxx, `message`, `details`),
 * a StorageError, a network TypeError, or one of the typed errors below that our own code throws.
 */

/** An error whose message is written for the user (thrown by module code: uploads, rules). */
export class RecordError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "RecordError";
  }
}

/** Someone else saved the record after this form loaded it (the conditional update matched nothing). */
export class StaleRecordError extends RecordError {
  constructor(readonly currentUpdatedAt: string | null) {
    super(
      "Someone else saved this record after you opened it. Reload to see their changes, then make yours again.",
      STALE_RECORD,
    );
    this.name = "StaleRecordError";
  }
}

export const STALE_RECORD = "STALE_RECORD";

export type DbErrorKind =
  | "permission"
  | "duplicate"
  | "check"
  | "required"
  | "reference"
  | "invalid"
  | "not_found"
  | "stale"
  | "rule"
  | "session"
  | "network"
  | "too_large"
  | "unknown";

export interface DescribedError {
  kind: DbErrorKind;
  /** One short sentence (a toast title). */
  title: string;
  /** The explanation (a toast description, or the message under a field). */
  message: string;
  /** The form field to show the message at, when known. */
  field?: string;
  code?: string;
}

export interface ConstraintHint {
  field?: string;
  message?: string;
}

export interface DescribeOptions {
  /**
   * Constraint name → field and/or message, for constraints whose name does not follow
   * Postgres' `<table>_<column>_check|key|fkey` pattern (e.g. `properties_rent_needs_period`).
   */
  constraints?: Record<string, ConstraintHint>;
  /** Field → label, for messages ("Slug is already in use"). */
  fieldLabels?: Record<string, string>;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  statusCode?: unknown;
  status?: unknown;
  name?: unknown;
}

export const MESSAGES = {
  permission: "You don't have permission to do this. If you should, ask an admin to check your role.",
  notFound: "The record was not found: it may have been deleted, or you may not be allowed to see it.",
  session: "Your session has expired. Sign in again, then retry.",
  network: "Cannot reach the server. Check your connection and try again.",
  unknown: "Something went wrong on our side. Try again; if it keeps failing, tell an admin.",
  duplicate: "A record with these details already exists.",
  invalid: "A value has the wrong format.",
  reference: "This refers to a record that no longer exists.",
  stillUsed: "Other records still use this one: remove or change them first.",
  changedMeanwhile: "This record changed meanwhile — reload it and try again.",
} as const;

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function humanize(field: string): string {
  const words = field.replace(/_id$/, "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `<table>_<column>_<suffix>` → column, when the table is known. */
function columnOfConstraint(constraint: string, table: string, suffix: string): string | undefined {
  const prefix = `${table}_`;
  const end = `_${suffix}`;
  if (
    table &&
    constraint.startsWith(prefix) &&
    constraint.endsWith(end) &&
    constraint.length > prefix.length + end.length
  ) {
    return constraint.slice(prefix.length, -end.length);
  }
  return undefined;
}

const NETWORK_MESSAGE = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i;

export function describeDbError(error: unknown, options: DescribeOptions = {}): DescribedError {
  const e = (error ?? {}) as ErrorLike;
  const code = str(e.code);
  const message = str(e.message);
  const details = str(e.details);
  const label = (field: string) => options.fieldLabels?.[field] ?? humanize(field);

  if (error instanceof StaleRecordError)
    return { kind: "stale", title: "Changed by someone else", message: error.message, code: STALE_RECORD };
  if (error instanceof RecordError)
    return { kind: "rule", title: "Not saved", message: error.message, field: error.field, code: error.code };

  if ((error instanceof TypeError || str(e.name).includes("Fetch")) && NETWORK_MESSAGE.test(message)) {
    return { kind: "network", title: "Cannot reach the server", message: MESSAGES.network };
  }

  switch (code) {
    case "42501": {
      // A trigger's own 42501 message is written for people; Postgres' RLS wording is not.
      const own = message && !/row-level security|permission denied for/i.test(message) ? message : "";
      return {
        kind: "permission",
        title: "You don't have permission to do this",
        message: own ? `${capitalize(own)}.` : MESSAGES.permission,
        code,
      };
    }
    case "23505": {
      const m = /^Key \(([^)]+)\)=/.exec(details);
      const constraint = /constraint "([^"]+)"/.exec(message)?.[1] ?? "";
      const hint = options.constraints?.[constraint];
      const field = hint?.field ?? (m?.[1] && !m[1].includes(",") ? m[1] : undefined);
      const text =
        hint?.message ?? (field ? `${label(field)} is already in use: choose another.` : MESSAGES.duplicate);
      return { kind: "duplicate", title: "Already exists", message: text, field, code };
    }
    case "23514": {
      const constraint = /check constraint "([^"]+)"/.exec(message)?.[1] ?? "";
      const table = /relation "([^"]+)"/.exec(message)?.[1] ?? "";
      const hint = options.constraints?.[constraint];
      const field = hint?.field ?? columnOfConstraint(constraint, table, "check");
      const text =
        hint?.message ??
        (field
          ? `${label(field)} is not allowed: check the value.`
          : `A value breaks the rule "${constraint || "check"}".`);
      return { kind: "check", title: "Not saved: a value is not allowed", message: text, field, code };
    }
    case "23502": {
      const field = /column "([^"]+)"/.exec(message)?.[1];
      return {
        kind: "required",
        title: "Not saved: a value is missing",
        message: field ? `${label(field)} is required.` : "A required value is missing.",
        field,
        code,
      };
    }
    case "23503": {
      const stillUsed = /update or delete on table/.test(message);
      const constraint = /constraint "([^"]+)"/.exec(message)?.[1] ?? "";
      const table = /on table "([^"]+)"/.exec(message)?.[1] ?? "";
      const hint = options.constraints?.[constraint];
      const field = stillUsed ? undefined : (hint?.field ?? columnOfConstraint(constraint, table, "fkey"));
      return {
        kind: "reference",
        title: "Not saved",
        message: hint?.message ?? (stillUsed ? MESSAGES.stillUsed : MESSAGES.reference),
        field,
        code,
      };
    }
    case "23P01":
      return { kind: "check", title: "Not saved", message: "This overlaps with an existing record.", code };
    case "22001":
      return { kind: "invalid", title: "Not saved", message: "A text is too long.", code };
    case "22003":
      return { kind: "invalid", title: "Not saved", message: "A number is too large.", code };
    case "22P02":
    case "22007":
    case "22008":
      return { kind: "invalid", title: "Not saved", message: MESSAGES.invalid, code };
    case "40001":
    case "40P01":
      // The transaction lost a conflict with a colleague's at the same moment and was undone whole.
      return { kind: "stale", title: "Changed by someone else", message: MESSAGES.changedMeanwhile, code };
    case "P0001":
      // Raised by our own triggers (e.g. an illegal status move): the message is for people.
      return { kind: "rule", title: "Not allowed", message: message || MESSAGES.unknown, code };
    case "PGRST116":
      return { kind: "not_found", title: "Not found", message: MESSAGES.notFound, code };
    // Our definer functions' PostgREST status codes (PTxyz answers HTTP xyz): their messages are for people.
    case "PT404":
      return { kind: "not_found", title: "Not found", message: message || MESSAGES.notFound, code };
    case "PT400":
    case "PT409":
      return { kind: "rule", title: "Not allowed", message: message || MESSAGES.unknown, code };
    case "PGRST301":
    case "PGRST302":
    case "PGRST303":
      return { kind: "session", title: "Signed out", message: MESSAGES.session, code };
  }

  // Storage errors carry an HTTP status rather than a SQLSTATE.
  const status = Number(str(e.statusCode) || e.status);
  if (status === 413 || /exceeded the maximum allowed size/i.test(message)) {
    return {
      kind: "too_large",
      title: "File too large",
      message: message || "The file is larger than allowed.",
      code: code || "413",
    };
  }
  if (status === 401 || /jwt expired/i.test(message))
    return { kind: "session", title: "Signed out", message: MESSAGES.session, code };
  if (status === 403)
    return {
      kind: "permission",
      title: "You don't have permission to do this",
      message: MESSAGES.permission,
      code,
    };
  if (NETWORK_MESSAGE.test(message))
    return { kind: "network", title: "Cannot reach the server", message: MESSAGES.network };

  return {
    kind: "unknown",
    title: "Something went wrong",
    message: code ? `${MESSAGES.unknown} (code ${code})` : MESSAGES.unknown,
    code: code || undefined,
  };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
