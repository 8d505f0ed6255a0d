/**
 * GoTrue's admin user API (internal/api/admin.go), for the secret key only: list (page/per_page,
 * `X-Total-Count` and `Link` headers), create, get, update, delete users; and generate_link
 * (internal/api/mail.go adminGenerateLink): an invite, recovery or magic link WITHOUT sending mail,
 * for a server that sends its own (the edge's partner invitations).
 */
import type { Context, Hono } from "hono";
import type { Tx } from "../db.ts";
import { readBody } from "./body.ts";
import { allowedRedirect, generateOtp, tokenHash, validateEmail, type AuthDeps } from "./common.ts";
import { AuthError, badRequest, forbidden, notFound, unprocessable } from "./errors.ts";
import { checkPasswordStrength, hashPassword } from "./password.ts";
import { bearer } from "./request.ts";
import { verifyLink } from "./mails.ts";
import { AdminDeleteBody, AdminGenerateLinkBody, AdminUserBody } from "./schemas.ts";
import {
  deleteSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  userJson,
  UUID_RE,
  type UserRow,
} from "./store.ts";

const DEFAULT_PER_PAGE = 50;
const GO_DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration for the forms GoTrue accepts in `ban_duration` ("24h", "1h30m"). */
export function parseGoDuration(s: string): number | null {
  if (!GO_DURATION.test(s)) return null;
  let ms = 0;
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) ms += Number(m[1]) * UNIT_MS[m[2]!]!;
  return ms;
}

function banUntil(duration: string | null | undefined): Date | null | undefined {
  if (!duration) return undefined;
  if (duration === "none") return null;
  const ms = parseGoDuration(duration);
  if (ms === null)
    throw badRequest(
      "validation_failed",
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(duration)}`,
    );
  return ms === 0 ? null : new Date(Date.now() + ms);
}

function mergeMeta(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function mountAdmin(app: Hono, deps: AuthDeps) {
  const { ctx } = deps;
  const maxBody = ctx.config.maxBodyBytes;

  /** requireAdminCredentials: the secret key (service_role) or a service_role JWT as Bearer. */
  async function requireAdmin(c: Context): Promise<void> {
    const token = bearer(c);
    if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    if (token === ctx.config.secretKey) return;
    if (token === ctx.config.publishableKey) throw forbidden("not_admin", "User not allowed");
    let role: unknown;
    try {
      role = (await ctx.keys.verify(token)).role;
    } catch {
      throw forbidden(
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token is malformed: could not parse token",
      );
    }
    if (role !== "service_role" && role !== "supabase_admin")
      throw forbidden("not_admin", "User not allowed");
  }

  async function loadUser(tx: Tx, id: string): Promise<UserRow> {
    if (!UUID_RE.test(id)) throw notFound("validation_failed", "user_id must be an UUID");
    const user = await findUserById(tx, id);
    if (!user) throw notFound("user_not_found", "User not found");
    return user;
  }

  app.use("/admin/*", async (c, next) => {
    await requireAdmin(c);
    await next();
  });

  app.get("/admin/users", async (c) => {
    const pageRaw = c.req.query("page") ?? "";
    const perPageRaw = c.req.query("per_page") ?? "";
    if ((pageRaw && !/^\d+$/.test(pageRaw)) || (perPageRaw && !/^\d+$/.test(perPageRaw))) {
      throw badRequest(
        "validation_failed",
        "Bad Pagination Parameters: strconv.ParseUint: parsing: invalid syntax",
      );
    }
    const page = Math.max(Number(pageRaw || 1), 1);
    const perPage = Math.min(Math.max(Number(perPageRaw || DEFAULT_PER_PAGE), 1), 1000);
    const filter = c.req.query("filter") ?? "";
    const { users, total } = await ctx.db.admin(async (tx) => {
      const like = filter ? `%${filter.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const count = await tx.query<{ n: number }>(
        `select count(*)::int as n from auth.users where deleted_at is null and aud = 'authenticated'
         and ($1::text is null or email ilike $1 or raw_user_meta_data->>'full_name' ilike $1)`,
        [like],
      );
      const ids = await tx.query<{ id: string }>(
        `select id from auth.users where deleted_at is null and aud = 'authenticated'
         and ($1::text is null or email ilike $1 or raw_user_meta_data->>'full_name' ilike $1)
         order by created_at desc, id desc limit $2 offset $3`,
        [like, perPage, (page - 1) * perPage],
      );
      const out: Record<string, unknown>[] = [];
      for (const { id } of ids.rows) out.push(await userJson(tx, (await findUserById(tx, id))!));
      return { users: out, total: count.rows[0]!.n };
    });
    const totalPages = Math.ceil(total / perPage);
    const url = new URL(c.req.url);
    const links: string[] = [];
    if (totalPages > page) {
      url.searchParams.set("page", String(page + 1));
      links.push(`<${url.pathname}${url.search}>; rel="next"`);
    }
    url.searchParams.set("page", String(totalPages));
    links.push(`<${url.pathname}${url.search}>; rel="last"`);
    c.header("link", links.join(", "));
    c.header("x-total-count", String(total));
    return c.json({ users, aud: "authenticated" });
  });

  app.post("/admin/users", async (c) => {
    const p = await readBody(c, AdminUserBody, maxBody);
    if (!p.email && !p.phone)
      throw badRequest("validation_failed", "Cannot create a user without either an email or phone");
    if (p.phone) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
    const email = validateEmail(p.email);
    if (p.password && p.password_hash)
      throw badRequest("validation_failed", "Only a password or a password hash should be provided");
    if (p.password && p.password.length > 72)
      throw badRequest("validation_failed", "bcrypt: password length exceeds 72 bytes");
    if (p.id && !UUID_RE.test(p.id))
      throw badRequest("validation_failed", "ID must conform to the uuid v4 format");
    if (p.id === "00000000-0000-0000-0000-000000000000")
      throw badRequest("validation_failed", "ID cannot be a nil uuid");
    if (p.password_hash && !/^\$2[aby]?\$\d\d\$/.test(p.password_hash)) {
      throw badRequest(
        "validation_failed",
        "Invalid password hash format: only bcrypt hashes are supported by the local emulator",
      );
    }
    const bannedUntil = banUntil(p.ban_duration);
    // Without a password GoTrue sets a long random one: the account can only recover.
    const hash =
      p.password_hash || (await hashPassword(p.password || crypto.randomUUID() + crypto.randomUUID()));
    const result = await ctx.db.admin(async (tx) => {
      if (await findUserByEmail(tx, email))
        return unprocessable("email_exists", "A user with this email address has already been registered");
      if (p.id && (await findUserById(tx, p.id)))
        return unprocessable("user_already_exists", "User already registered");
      const user = await insertUser(tx, {
        id: p.id ?? undefined,
        email,
        passwordHash: hash,
        userMetadata: p.user_metadata ?? {},
        appMetadata: mergeMeta({ provider: "email", providers: ["email"] }, p.app_metadata ?? {}),
        role: p.role || "authenticated",
        emailConfirmed: !!p.email_confirm,
        bannedUntil: bannedUntil ?? null,
      });
      return userJson(tx, user);
    });
    if (result instanceof AuthError) throw result;
    return c.json(result);
  });

  /**
   * The link a mail would carry, returned instead of mailed. invite creates the user (metadata from
   * `data`) unless one exists unconfirmed; recovery and magiclink need an existing user. The token
   * is the one GET /verify spends (as for /recover), so the link signs the user in and redirects.
   */
  app.post("/admin/generate_link", async (c) => {
    const p = await readBody(c, AdminGenerateLinkBody, maxBody);
    const type = p.type ?? "";
    if (!["invite", "recovery", "magiclink"].includes(type)) {
      throw unprocessable(
        "validation_failed",
        type
          ? `Unsupported link type ${type} in the local emulator`
          : "Invalid email action link type requested",
      );
    }
    const email = validateEmail(p.email);
    const redirectTo = allowedRedirect(ctx, c.req.query("redirect_to") || p.redirect_to || p.redirectTo);
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    const result = await ctx.db.admin(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (type === "invite") {
        if (user?.email_confirmed_at)
          return unprocessable("email_exists", "A user with this email address has already been registered");
        user ??= await insertUser(tx, {
          email,
          passwordHash: await hashPassword(crypto.randomUUID() + crypto.randomUUID()),
          userMetadata: p.data ?? {},
          appMetadata: { provider: "email", providers: ["email"] },
          emailConfirmed: false,
        });
        await tx.query(`update auth.users set invited_at = now() where id = $1`, [user.id]);
      } else if (!user) {
        return notFound("user_not_found", "User with this email not found");
      }
      await tx.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, hash],
      );
      const json = await userJson(tx, (await findUserById(tx, user.id))!);
      return {
        ...json,
        action_link: verifyLink(deps, hash, type, redirectTo),
        email_otp: otp,
        hashed_token: hash,
        verification_type: type,
        redirect_to: redirectTo,
      };
    });
    if (result instanceof AuthError) throw result;
    return c.json(result);
  });

  app.get("/admin/users/:id", async (c) => {
    const id = c.req.param("id");
    return c.json(await ctx.db.admin(async (tx) => userJson(tx, await loadUser(tx, id))));
  });

  app.put("/admin/users/:id", async (c) => {
    const id = c.req.param("id");
    const p = await readBody(c, AdminUserBody, maxBody);
    const email = p.email ? validateEmail(p.email) : null;
    if (p.phone) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
    if (p.password !== null && p.password !== undefined)
      checkPasswordStrength(p.password, ctx.config.minimumPasswordLength);
    const bannedUntil = banUntil(p.ban_duration);
    const newHash = p.password ? await hashPassword(p.password) : p.password === "" ? "" : null;
    const result = await ctx.db.admin(async (tx) => {
      const user = await loadUser(tx, id);
      if (email && email !== (user.email ?? "").toLowerCase()) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== user.id)
          return unprocessable("email_exists", "A user with this email address has already been registered");
      }
      if (p.role) await tx.query(`update auth.users set role = $2 where id = $1`, [user.id, p.role]);
      if (p.email_confirm)
        await tx.query(
          `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
          [user.id],
        );
      if (newHash !== null) {
        await tx.query(
          `update auth.users set encrypted_password = $2, recovery_token = '', recovery_sent_at = null where id = $1`,
          [user.id, newHash],
        );
        await deleteSessions(tx, user.id); // UpdatePassword(tx, nil): every session ends
      }
      if (email) {
        const identityData = JSON.stringify({ email, email_verified: !!p.email_confirm });
        const updated = await tx.query(
          `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
          [user.id, identityData],
        );
        if (!updated.affectedRows) {
          await tx.query(
            `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
             values ($1::text, $2::uuid, $3::jsonb || jsonb_build_object('sub', $1::text, 'phone_verified', false), 'email', now(), now())`,
            [user.id, user.id, identityData],
          );
        }
        await tx.query(`update auth.users set email = $2 where id = $1`, [user.id, email]);
      }
      if (p.app_metadata) {
        await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb where id = $1`, [
          user.id,
          JSON.stringify(mergeMeta(user.raw_app_meta_data, p.app_metadata)),
        ]);
      }
      if (p.user_metadata) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb where id = $1`, [
          user.id,
          JSON.stringify(mergeMeta(user.raw_user_meta_data, p.user_metadata)),
        ]);
      }
      if (bannedUntil !== undefined)
        await tx.query(`update auth.users set banned_until = $2 where id = $1`, [user.id, bannedUntil]);
      await tx.query(`update auth.users set updated_at = now() where id = $1`, [user.id]);
      return userJson(tx, (await findUserById(tx, user.id))!);
    });
    if (result instanceof AuthError) throw result;
    return c.json(result);
  });

  app.delete("/admin/users/:id", async (c) => {
    const id = c.req.param("id");
    const hasBody = Number(c.req.header("content-length") ?? "0") > 0;
    const p = hasBody ? await readBody(c, AdminDeleteBody, maxBody) : {};
    await ctx.db.admin(async (tx) => {
      const user = await loadUser(tx, id);
      if (p.should_soft_delete) {
        await tx.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
             raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [user.id],
        );
        await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
        await tx.query(`delete from auth.mfa_factors where user_id = $1`, [user.id]);
        await deleteSessions(tx, user.id);
      } else {
        await tx.query(`delete from auth.users where id = $1`, [user.id]);
      }
    });
    return c.json({});
  });
}
