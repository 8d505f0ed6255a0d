/**
 * The annual transaction report's downloads from the edge (worker/reports/annual-report.ts): the
 * CSV starts with its header row; the database decides who may have it (no token 401, a signed-up
 * visitor 403 with the database's message), a year out of range is 400, the PDF is a PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annualReportPath } from "#core/reports/annual-report.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { edge } from "./support.ts";

const year = new Date().getUTCFullYear();
let staff: TestUser;
let visitor: TestUser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [staff, visitor] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: null })]);
  for (const [k, u] of Object.entries({ staff, visitor })) {
    const { data } = await (await signedInClient(u.email, u.password)).auth.getSession();
    tokens[k] = data.session!.access_token;
  }
});
afterAll(async () => {
  for (const u of [staff, visitor]) if (u) await deleteTestUser(u.id);
});

const get = (path: string, who?: string) =>
  edge(path, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

describe("GET /api/reports/annual-transactions/{year}.csv|.pdf", () => {
  it("gives the team the CSV with its header row first and the PDF", async () => {
    const csv = await get(annualReportPath(year, "csv"), "staff");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="annual-transaction-report-${year}.csv"`,
    );
    expect(csv.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Date completed,Type,Property,City,Client,Agent,Value,Currency,Commission,Certificate number",
    );
    const pdf = await get(annualReportPath(year, "pdf"), "staff");
    expect([pdf.status, pdf.body.subarray(0, 5).toString("latin1")]).toEqual([200, "%PDF-"]);
  });

  it("refuses without a session, to a user without a role, and a year out of range", async () => {
    expect((await get(annualReportPath(year, "csv"))).status).toBe(401);
    const refused = await get(annualReportPath(year, "csv"), "visitor");
    expect([refused.status, JSON.parse(refused.text).message]).toEqual([
      403,
      "Reports are for the team: sign in with a staff or admin account.",
    ]);
    const old = await get(annualReportPath(1999, "csv"), "staff");
    expect([old.status, JSON.parse(old.text).message]).toEqual([400, "Choose a year between 2000 and 2100."]);
    expect((await get("/api/reports/annual-transactions/2026.xlsx", "staff")).status).toBe(400);
  });
});
