/**
 * The auth tables (Supabase's `auth` schema) and their JSON shapes as GoTrue serialises them
 * (internal/models: User, Identity, Factor). Every query is parameterised and runs inside a
 * transaction the caller opened with `ctx.db.admin(...)`.
 */
import type { Tx } from "../db.ts";

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_token_current: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: "verified" | "unverified";
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  factor_id: string | null;
  aal: string;
  not_after: Date | null;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, email_change, email_change_token_current, email_change_token_new,
  email_change_sent_at, phone, phone_confirmed_at, confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous, is_sso_user`;

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  if (!UUID_RE.test(id)) return null;
  const r = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false and deleted_at is null limit 1`,
    [email],
  );
  return r.rows[0] ?? null;
}

export async function findUserByRecoveryToken(tx: Tx, tokenHash: string): Promise<UserRow | null> {
  if (!tokenHash) return null;
  const r = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where recovery_token = $1 and deleted_at is null limit 1`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

/** The user an email-change link belongs to (either the mail to the current or to the new address). */
export async function findUserByEmailChangeToken(tx: Tx, tokenHash: string): Promise<UserRow | null> {
  if (!tokenHash) return null;
  const r = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where (email_change_token_current = $1 or email_change_token_new = $1) and deleted_at is null limit 1`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role?: string;
  emailConfirmed: boolean;
  phoneConfirmed?: boolean;
  bannedUntil?: Date | null;
}

/** Inserts the user and its email identity (GoTrue's createNewIdentity), returns the row. */
export async function insertUser(tx: Tx, u: NewUser): Promise<UserRow> {
  const r = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), 'authenticated', $2, $3, $4,
       case when $5::boolean then now() end, $6, case when $7::boolean then now() end, $8::jsonb, $9::jsonb, $10, now(), now())
     returning id`,
    [
      u.id ?? null,
      u.role ?? "authenticated",
      u.email,
      u.passwordHash ?? "",
      u.emailConfirmed,
      u.phone ?? null,
      u.phoneConfirmed ?? false,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.bannedUntil ?? null,
    ],
  );
  const id = r.rows[0]!.id;
  if (u.email) {
    const identityData: Record<string, unknown> = {
      sub: id,
      email: u.email,
      email_verified: u.emailConfirmed,
      phone_verified: false,
    };
    for (const [k, v] of Object.entries(u.userMetadata)) if (!(k in identityData)) identityData[k] = v;
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $2::uuid, $3::jsonb, 'email', now(), now(), now())`,
      [id, id, JSON.stringify(identityData)],
    );
  }
  return (await findUserById(tx, id))!;
}

export async function listIdentities(tx: Tx, userId: string): Promise<IdentityRow[]> {
  const r = await tx.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return r.rows;
}

export async function listFactors(tx: Tx, userId: string): Promise<FactorRow[]> {
  const r = await tx.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone, last_challenged_at
     from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return r.rows;
}

export function factorJson(f: FactorRow) {
  const out: Record<string, unknown> = {
    id: f.id,
    created_at: f.created_at,
    updated_at: f.updated_at,
    status: f.status,
  };
  if (f.friendly_name) out.friendly_name = f.friendly_name;
  out.factor_type = f.factor_type;
  out.phone = f.phone ?? "";
  out.last_challenged_at = f.last_challenged_at;
  return out;
}

function identityJson(i: IdentityRow) {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
  };
  if (i.last_sign_in_at) out.last_sign_in_at = i.last_sign_in_at;
  out.created_at = i.created_at;
  out.updated_at = i.updated_at;
  if (i.email) out.email = i.email;
  return out;
}

/** The user object exactly as GoTrue's JSON tags shape it (omitempty fields left out). */
export async function userJson(tx: Tx, u: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = await Promise.all([listIdentities(tx, u.id), listFactors(tx, u.id)]);
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? "",
    role: u.role ?? "",
    email: u.email ?? "",
  };
  const put = (k: string, v: unknown) => {
    if (v !== null && v !== undefined && v !== "") out[k] = v;
  };
  put("email_confirmed_at", u.email_confirmed_at);
  put("invited_at", u.invited_at);
  out.phone = u.phone ?? "";
  put("phone_confirmed_at", u.phone_confirmed_at);
  put("confirmation_sent_at", u.confirmation_sent_at);
  put("confirmed_at", u.confirmed_at);
  put("recovery_sent_at", u.recovery_sent_at);
  put("new_email", u.email_change);
  put("email_change_sent_at", u.email_change_sent_at);
  put("last_sign_in_at", u.last_sign_in_at);
  out.app_metadata = u.raw_app_meta_data ?? {};
  out.user_metadata = u.raw_user_meta_data ?? {};
  if (factors.length) out.factors = factors.map(factorJson);
  out.identities = identities.map(identityJson);
  out.created_at = u.created_at;
  out.updated_at = u.updated_at;
  put("banned_until", u.banned_until);
  put("deleted_at", u.deleted_at);
  out.is_anonymous = u.is_anonymous;
  return out;
}

export function isBanned(u: UserRow): boolean {
  return !!u.banned_until && u.banned_until.getTime() > Date.now();
}

export function hasVerifiedFactor(factors: FactorRow[]): boolean {
  return factors.some((f) => f.status === "verified");
}

export async function findSession(tx: Tx, id: string): Promise<SessionRow | null> {
  if (!UUID_RE.test(id)) return null;
  const r = await tx.query<SessionRow>(
    `select id, user_id, created_at, updated_at, factor_id, aal, not_after from auth.sessions where id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** GoTrue's Logout / LogoutSession / LogoutAllExceptMe: deleting sessions cascades to their tokens. */
export async function deleteSessions(
  tx: Tx,
  userId: string,
  opts: { only?: string; except?: string } = {},
): Promise<void> {
  if (opts.only) await tx.query(`delete from auth.sessions where id = $1`, [opts.only]);
  else if (opts.except)
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, opts.except]);
  else await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
}
