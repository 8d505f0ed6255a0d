import { describe, expect, it } from "vitest";
import { describeDbError, MESSAGES, RecordError, StaleRecordError } from "./db-errors.ts";

// Error bodies as PostgREST (and the emulator, which runs real Postgres) send them.
const pg = (code: string, message: string, details: string | null = null) => ({
  code,
  message,
  details,
  hint: null,
});

describe("describeDbError: Postgres errors", () => {
  it("40P01 and 40001 (a colleague's transaction won a conflict): changed meanwhile, reload — never 'Something went wrong'", () => {
    for (const code of ["40P01", "40001"]) {
      expect(describeDbError(pg(code, "deadlock detected"))).toEqual({
        kind: "stale",
        title: "Changed by someone else",
        message: MESSAGES.changedMeanwhile,
        code,
      });
    }
    expect(MESSAGES.changedMeanwhile).toMatch(/changed meanwhile — reload/);
  });

  it("42501 from RLS: the permission sentence, not Postgres' wording", () => {
    const d = describeDbError(
      pg("42501", 'new row violates row-level security policy for table "properties"'),
    );
    expect(d).toMatchObject({
      kind: "permission",
      title: "You don't have permission to do this",
      message: MESSAGES.permission,
    });
    expect(describeDbError(pg("42501", "permission denied for table audit_log")).message).toBe(
      MESSAGES.permission,
    );
  });
  it("42501 raised by our own trigger keeps its human message", () => {
    expect(describeDbError(pg("42501", "only an admin may change a role")).message).toBe(
      "Only an admin may change a role.",
    );
  });

  it("23505 names the duplicated field from the details", () => {
    const d = describeDbError(
      pg(
        "23505",
        'duplicate key value violates unique constraint "properties_slug_key"',
        "Key (slug)=(east-legon-villa) already exists.",
      ),
      {
        fieldLabels: { slug: "Web address (slug)" },
      },
    );
    expect(d).toEqual({
      kind: "duplicate",
      title: "Already exists",
      message: "Web address (slug) is already in use: choose another.",
      field: "slug",
      code: "23505",
    });
  });
  it("23505 over several columns has no single field", () => {
    const d = describeDbError(
      pg(
        "23505",
        'duplicate key value violates unique constraint "x_pair_key"',
        "Key (a, b)=(1, 2) already exists.",
      ),
    );
    expect(d.field).toBeUndefined();
    expect(d.message).toBe(MESSAGES.duplicate);
  });

  it("23514 maps a <table>_<column>_check constraint to its column", () => {
    const d = describeDbError(
      pg(
        "23514",
        'new row for relation "properties" violates check constraint "properties_ghana_post_gps_check"',
      ),
      {
        fieldLabels: { ghana_post_gps: "GhanaPost GPS address" },
      },
    );
    expect(d).toMatchObject({
      kind: "check",
      field: "ghana_post_gps",
      message: "GhanaPost GPS address is not allowed: check the value.",
    });
  });
  it("23514 with a named constraint uses the module's hint", () => {
    const err = pg(
      "23514",
      'new row for relation "properties" violates check constraint "properties_rent_needs_period"',
    );
    expect(
      describeDbError(err, {
        constraints: {
          properties_rent_needs_period: {
            field: "rent_period",
            message: "Choose per month or per year for a rental.",
          },
        },
      }),
    ).toMatchObject({
      field: "rent_period",
      message: "Choose per month or per year for a rental.",
    });
    expect(describeDbError(err)).toMatchObject({
      field: undefined,
      message: 'A value breaks the rule "properties_rent_needs_period".',
    });
  });

  it("23502 names the missing column", () => {
    expect(
      describeDbError(
        pg("23502", 'null value in column "city" of relation "properties" violates not-null constraint'),
      ),
    ).toMatchObject({
      kind: "required",
      field: "city",
      message: "City is required.",
    });
  });

  it("23503 on insert points at the reference; on delete says the record is still used", () => {
    const insert = pg(
      "23503",
      'insert or update on table "properties" violates foreign key constraint "properties_agent_id_fkey"',
      'Key (agent_id)=(…) is not present in table "users".',
    );
    expect(describeDbError(insert)).toMatchObject({
      kind: "reference",
      field: "agent_id",
      message: MESSAGES.reference,
    });
    const del = pg(
      "23503",
      'update or delete on table "properties" violates foreign key constraint "deals_property_id_fkey" on table "deals"',
    );
    expect(describeDbError(del)).toMatchObject({
      kind: "reference",
      field: undefined,
      message: MESSAGES.stillUsed,
    });
  });

  it("format and range errors", () => {
    expect(describeDbError(pg("22P02", 'invalid input syntax for type uuid: "x"')).message).toBe(
      MESSAGES.invalid,
    );
    expect(describeDbError(pg("22003", "numeric field overflow")).message).toBe("A number is too large.");
  });

  it("P0001 from a trigger (a refused status move) is shown as written", () => {
    const d = describeDbError(pg("P0001", "A sold listing cannot go back to draft"));
    expect(d).toMatchObject({
      kind: "rule",
      title: "Not allowed",
      message: "A sold listing cannot go back to draft",
    });
  });
});

describe("describeDbError: PostgREST, storage, network and our own errors", () => {
  it("PGRST116 (no row) is 'not found or not yours to see'", () => {
    expect(
      describeDbError(pg("PGRST116", "JSON object requested, multiple (or no) rows returned")),
    ).toMatchObject({ kind: "not_found", message: MESSAGES.notFound });
  });
  it("our definer functions' PT404 and PT409 (HTTP 404 and 409) are shown as written", () => {
    expect(describeDbError(pg("PT404", "Document not found, or you may not work on it."))).toMatchObject({
      kind: "not_found",
      message: "Document not found, or you may not work on it.",
    });
    expect(describeDbError(pg("PT409", "INV-2026-0001 is already void."))).toMatchObject({
      kind: "rule",
      title: "Not allowed",
      message: "INV-2026-0001 is already void.",
    });
  });
  it("an expired token asks to sign in again", () => {
    expect(describeDbError(pg("PGRST301", "JWT expired")).kind).toBe("session");
    expect(describeDbError({ statusCode: "401", message: "jwt expired" }).kind).toBe("session");
  });
  it("a storage size refusal keeps its message", () => {
    const d = describeDbError({
      name: "StorageApiError",
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });
    expect(d).toMatchObject({ kind: "too_large", message: "The object exceeded the maximum allowed size" });
  });
  it("a failed fetch is a connection problem", () => {
    expect(describeDbError(new TypeError("Failed to fetch"))).toMatchObject({
      kind: "network",
      message: MESSAGES.network,
    });
    expect(describeDbError({ name: "FetchError", message: "fetch failed" }).kind).toBe("network");
  });
  it("StaleRecordError offers a reload; RecordError keeps its message and field", () => {
    expect(describeDbError(new StaleRecordError("2026-11-24T10:00:00+00:00"))).toMatchObject({
      kind: "stale",
      code: "STALE_RECORD",
    });
    expect(
      describeDbError(new RecordError("Photos must be JPEG, PNG, WebP or AVIF", "UPLOAD_TYPE", "photos")),
    ).toEqual({
      kind: "rule",
      title: "Not saved",
      message: "Photos must be JPEG, PNG, WebP or AVIF",
      field: "photos",
      code: "UPLOAD_TYPE",
    });
  });
  it("anything else is a generic apology with the code, never the raw internals", () => {
    const d = describeDbError(pg("XX000", "internal error: could not open relation with OID 123"));
    expect(d.kind).toBe("unknown");
    expect(d.message).toBe(`${MESSAGES.unknown} (code XX000)`);
    expect(describeDbError(undefined).message).toBe(MESSAGES.unknown);
    expect(describeDbError(new Error("boom")).message).toBe(MESSAGES.unknown);
  });
});
