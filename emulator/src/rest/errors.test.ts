/** PostgREST's SQLSTATE → HTTP status mapping as the emulator applies it (Error.hs, mapSQLtoHTTP). */
import { describe, expect, it } from "vitest";
import { fromPgError, statusForSqlState } from "./errors.ts";

describe("SQLSTATE PTxyz: the status a function raises", () => {
  it("answers HTTP xyz with the function's code and message", () => {
    expect(statusForSqlState("PT404", true, "")).toBe(404);
    expect(statusForSqlState("PT409", true, "")).toBe(409);
    expect(statusForSqlState("PT402", false, "")).toBe(402);
    const e = fromPgError({ code: "PT404", message: "Document not found, or you may not work on it." }, true);
    expect(e?.status).toBe(404);
    expect(e?.body()).toEqual({
      code: "PT404",
      details: null,
      hint: null,
      message: "Document not found, or you may not work on it.",
    });
  });

  it("reads only digits, as PostgREST's integer read does: PT1E2 or PTABC is 500", () => {
    expect(statusForSqlState("PT1E2", true, "")).toBe(500);
    expect(statusForSqlState("PTABC", true, "")).toBe(500);
  });

  it("P0002 (no_data_found) stays a 500, P0001 a 400", () => {
    expect(statusForSqlState("P0002", true, "")).toBe(500);
    expect(statusForSqlState("P0001", true, "")).toBe(400);
  });
});
