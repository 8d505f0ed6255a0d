/**
 * Actors of the RLS matrix, each a supabase-js client exactly as the app would hold it:
 * anon (publishable key only), a signed-up visitor without a role, staff (the owner of the
 * owned records a test creates), another staff member (owns nothing there), an admin (enrolled in
 * two-factor as the organisation requires, signed in at aal2), a second admin signed in with the
 * password only (aal1), and that admin after the TOTP challenge (aal2). An admin the policy covers
 * who has no factor yet is refused like aal1 (tests/rls/two-factor-policy.test.ts).
 *
 * Expectations are one letter per actor in ACTORS order (7 letters). Six letters are accepted
 * for tables without owned records: the other staff member then gets the staff letter.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { freshTotpCode } from "../support/totp.ts";

export const ACTORS = [
  "anon",
  "visitor",
  "staff",
  "other_staff",
  "admin",
  "admin_mfa_aal1",
  "admin_mfa_aal2",
] as const;
export type ActorName = (typeof ACTORS)[number];

export const ACTOR_LABELS: Record<ActorName, string> = {
  anon: "anon",
  visitor: "visitor",
  staff: "staff",
  other_staff: "other staff",
  admin: "admin",
  admin_mfa_aal1: "admin+TOTP aal1",
  admin_mfa_aal2: "admin+TOTP aal2",
};

export interface Actor {
  name: ActorName;
  client: SupabaseClient;
  /** null for anon */
  user: TestUser | null;
}

/** Enrols and verifies a TOTP factor on a signed-in client; the client's session becomes aal2. */
export async function enrolVerifiedTotp(
  client: SupabaseClient,
): Promise<{ factorId: string; secret: string }> {
  const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: `rls-${Date.now()}` });
  if (enrolled.error || !enrolled.data) throw new Error(`TOTP enrol failed: ${enrolled.error?.message}`);
  const factorId = enrolled.data.id;
  const secret = enrolled.data.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: await freshTotpCode(secret) });
  if (verified.error) throw new Error(`TOTP verify failed: ${verified.error.message}`);
  return { factorId, secret };
}

export async function aalOf(client: SupabaseClient): Promise<string | null> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw new Error(`getAuthenticatorAssuranceLevel failed: ${error.message}`);
  return data.currentLevel;
}

export async function createActors(): Promise<Record<ActorName, Actor>> {
  const [visitor, staff, otherStaff, admin, mfaAdmin] = await Promise.all([
    createTestUser({ role: null }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "admin" }),
    createTestUser({ role: "admin" }),
  ]);
  // createTestUser enrolled both admins; its session is the aal2 one.
  const aal2Client = await signedInClient(mfaAdmin.email, mfaAdmin.password);
  // A fresh password sign-in of the same user: the factor is verified, the session only aal1.
  const aal1Client = await signedInClient(mfaAdmin.email, mfaAdmin.password, { aal: "aal1" });
  const actors: Record<ActorName, Actor> = {
    anon: { name: "anon", client: anonClient(), user: null },
    visitor: {
      name: "visitor",
      client: await signedInClient(visitor.email, visitor.password),
      user: visitor,
    },
    staff: { name: "staff", client: await signedInClient(staff.email, staff.password), user: staff },
    other_staff: {
      name: "other_staff",
      client: await signedInClient(otherStaff.email, otherStaff.password),
      user: otherStaff,
    },
    admin: { name: "admin", client: await signedInClient(admin.email, admin.password), user: admin },
    admin_mfa_aal1: { name: "admin_mfa_aal1", client: aal1Client, user: mfaAdmin },
    admin_mfa_aal2: { name: "admin_mfa_aal2", client: aal2Client, user: mfaAdmin },
  };
  return actors;
}

/**
 * Opt-in partner actors: two accounts with the `partner` role, each linked to a partner
 * of its own (a `partners` row and a `partner_members` contact), for the tables a partner may read.
 * Suites that do not ask for them keep the seven actors; those that do pass `withPartners` to
 * matrixProbe and write nine letters per row (the seven, then partner, other partner).
 */
export const PARTNER_ACTORS = ["partner", "other_partner"] as const;
export type PartnerActorName = (typeof PARTNER_ACTORS)[number];
export interface PartnerActor extends Actor {
  partnerId: string;
}

export async function createPartnerActors(tag: string): Promise<Record<PartnerActorName, PartnerActor>> {
  const service = serviceClient();
  const out = {} as Record<PartnerActorName, PartnerActor>;
  for (const [i, name] of PARTNER_ACTORS.entries()) {
    const user = await createTestUser({ role: "partner" });
    const partner = await service
      .from("partners")
      .insert({
        name: `RLS partner ${i + 1} ${tag}`,
        reac_licence_number: `REAC/RLS/${tag.toUpperCase()}/${i + 1}`,
        kind: "agency",
      })
      .select("id")
      .single();
    if (partner.error) throw new Error(`partner row for ${name}: ${partner.error.message}`);
    const partnerId = (partner.data as { id: string }).id;
    const member = await service.from("partner_members").insert({
      partner_id: partnerId,
      full_name: `Partner person ${i + 1}`,
      email: user.email,
      user_id: user.id,
    });
    if (member.error) throw new Error(`partner member for ${name}: ${member.error.message}`);
    out[name] = {
      name: name as unknown as ActorName,
      client: await signedInClient(user.email, user.password),
      user,
      partnerId,
    };
  }
  return out;
}

/** Removes what createPartnerActors made (users; their partners cascade to contacts and shares). */
export async function deletePartnerActors(
  partners: Record<PartnerActorName, PartnerActor> | undefined,
): Promise<void> {
  if (!partners) return;
  const service = serviceClient();
  for (const p of Object.values(partners)) {
    await service.from("partners").delete().eq("id", p.partnerId);
    if (p.user) await deleteTestUser(p.user.id);
  }
}

/** "Y" allowed, "N" denied, "-" not applicable — one letter per actor in ACTORS order (or six: see above). */
export type Expectation = string;

/** A six-letter expectation (no owned records) as seven: the other staff member acts as staff. */
export function withOtherStaff(e: Expectation): Expectation {
  return e.length === ACTORS.length - 1 ? `${e.slice(0, 3)}${e[2]}${e.slice(3)}` : e;
}

export function parseExpectation(six_or_seven: Expectation): Record<ActorName, "allowed" | "denied" | null> {
  const e = withOtherStaff(six_or_seven);
  if (e.length !== ACTORS.length || /[^YN-]/.test(e)) throw new Error(`bad expectation ${six_or_seven}`);
  return Object.fromEntries(
    ACTORS.map((a, i) => [a, e[i] === "Y" ? "allowed" : e[i] === "N" ? "denied" : null]),
  ) as Record<ActorName, "allowed" | "denied" | null>;
}

export function renderMatrix(rows: Array<{ label: string; cells: Record<ActorName, string> }>): string {
  const partners = rows.some((r) => "partner" in r.cells);
  const columns: string[] = partners ? [...ACTORS, ...PARTNER_ACTORS] : [...ACTORS];
  const labels: Record<string, string> = {
    ...ACTOR_LABELS,
    partner: "partner",
    other_partner: "other partner",
  };
  const head = ["table · operation", ...columns.map((a) => labels[a]!)];
  const body = rows.map((r) => [
    r.label,
    ...columns.map((a) => (r.cells as Record<string, string>)[a] ?? "·"),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i]!)).join(" │ ");
  return [line(head), widths.map((w) => "─".repeat(w)).join("─┼─"), ...body.map(line)].join("\n");
}

export { must } from "../support/supabase.ts";

export type MatrixRow = { label: string; cells: Record<ActorName, string> };

/**
 * The `letters` probe of a matrix file: runs `probe` for every actor in ACTORS order and returns
 * one letter each (Y allowed, N denied, - n/a), recording the row for the printed matrix.
 */
export function matrixProbe(
  getActors: () => Record<ActorName, Actor>,
  printed: MatrixRow[],
  withPartners?: () => Record<PartnerActorName, PartnerActor>,
) {
  return async function letters(
    label: string,
    probe: (a: Actor, i: number) => Promise<boolean | null>,
  ): Promise<string> {
    let out = "";
    const cells = {} as Record<ActorName, string>;
    const all: Array<[string, Actor]> = ACTORS.map((name) => [name, getActors()[name]]);
    if (withPartners) for (const name of PARTNER_ACTORS) all.push([name, withPartners()[name]]);
    for (const [i, [name, actor]] of all.entries()) {
      const r = await probe(actor, i);
      out += r === null ? "-" : r ? "Y" : "N";
      (cells as Record<string, string>)[name] = r === null ? "·" : r ? "✓" : "✗";
    }
    printed.push({ label, cells });
    return out;
  };
}

/**
 * Runs `probe` per actor and returns the letters (Y/N) in ACTORS order, six of them: for tables
 * without owned records the other staff member would only repeat staff.
 */
export async function sixActorRow(
  actors: Record<ActorName, Actor>,
  probe: (a: Actor, i: number) => Promise<boolean>,
): Promise<string> {
  let out = "";
  for (const [i, name] of ACTORS.filter((a) => a !== "other_staff").entries())
    out += (await probe(actors[name], i)) ? "Y" : "N";
  return out;
}

/** Deletes the users createActors made (the TOTP admin's aal1 actor shares its user with aal2). */
export async function deleteActors(actors: Record<ActorName, Actor> | undefined): Promise<void> {
  for (const a of Object.values(actors ?? {}))
    if (a.user && a.name !== "admin_mfa_aal1") await deleteTestUser(a.user.id);
}
