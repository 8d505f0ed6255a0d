/**
 * A co-broking agreement as a PDF from the edge (worker/partner-agreement-pdf.ts), read with the
 * caller's token: the partner gets their own agreement with its parties, split and terms; another
 * partner, a signed-up visitor and a made-up id all get the same 404; no token is 401; a file name
 * that is not "<uuid>.pdf" is 400. An admin of the team gets it too.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreementPdfPath } from "#core/collaboration-management/agreement-document.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import {
  createPartnerActors,
  deletePartnerActors,
  type PartnerActor,
  type PartnerActorName,
} from "../rls/support.ts";
import { edge } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let partners: Record<PartnerActorName, PartnerActor>;
let admin: TestUser;
let visitor: TestUser;
let agreementId = "";
const tokens: Record<string, string> = {};

const tokenOf = async (c: Awaited<ReturnType<typeof signedInClient>>) =>
  (await c.auth.getSession()).data.session!.access_token;

beforeAll(async () => {
  [partners, admin, visitor] = await Promise.all([
    createPartnerActors(tag),
    createTestUser({ role: "admin" }),
    createTestUser({ role: null }),
  ]);
  const { data, error } = await service
    .from("partner_agreements")
    .insert({
      partner_id: partners.partner.partnerId,
      title: `Co-broke East Legon — ${tag}`,
      starts_on: "2026-03-01",
      ends_on: "2027-02-28",
      split_percent: 37.5,
      terms: "Viewings are arranged through the agency.\n\nThe buyer registered first is the partner's.",
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  agreementId = (data as { id: string }).id;
  tokens.partner = await tokenOf(partners.partner.client);
  tokens.other = await tokenOf(partners.other_partner.client);
  tokens.admin = await tokenOf(await signedInClient(admin.email, admin.password));
  tokens.visitor = await tokenOf(await signedInClient(visitor.email, visitor.password));
}, 90_000);

afterAll(async () => {
  await deletePartnerActors(partners);
  for (const u of [admin, visitor]) if (u) await deleteTestUser(u.id);
});

const get = (path: string, who?: string) =>
  edge(path, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

describe("GET /api/partners/agreements/{id}.pdf", () => {
  it("gives the partner their agreement: parties, period, split and terms", async () => {
    const res = await get(agreementPdfPath(agreementId), "partner");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="co-broking-agreement-co-broke-east-legon-${tag}-2026-03-01.pdf"`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    // Wrapped lines joined back; Helvetica's "—" is cp1252 0x97, which latin1 reads as U+0097.
    const text = pdfText(res.body)
      .replace(/\n/g, " ")
      .replace(/\u0097/g, "—");
    for (const part of [
      `Co-broke East Legon — ${tag}`,
      `RLS partner 1 ${tag}`,
      "01/03/2026 to 28/02/2027",
      "37.5% of the agency's commission",
      "Viewings are arranged through the agency.",
      "The buyer registered first is the partner's.",
    ])
      expect(text, part).toContain(part);
    expect(text).not.toContain(`RLS partner 2 ${tag}`);
  });

  it("gives the team's admin the same document", async () => {
    const res = await get(agreementPdfPath(agreementId), "admin");
    expect([res.status, res.body.subarray(0, 5).toString("latin1")]).toEqual([200, "%PDF-"]);
  });

  it("answers another partner, a visitor and an unknown id alike, and refuses without a token or a bad name", async () => {
    const unknown = await get(agreementPdfPath(crypto.randomUUID()), "partner");
    expect([unknown.status, JSON.parse(unknown.text)]).toEqual([
      404,
      { error: "not_found", message: "No such agreement" },
    ]);
    for (const who of ["other", "visitor"]) {
      const res = await get(agreementPdfPath(agreementId), who);
      expect([res.status, res.text], who).toEqual([unknown.status, unknown.text]);
    }
    expect((await get(agreementPdfPath(agreementId))).status).toBe(401);
    expect((await get("/api/partners/agreements/not-an-id.pdf", "partner")).status).toBe(400);
    expect((await get(`/api/partners/agreements/${agreementId}.docx`, "partner")).status).toBe(400);
  });
});
