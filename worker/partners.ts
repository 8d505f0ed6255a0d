/**
 * POST /api/partners/invite: an admin invites a partner's contact to the
 * collaboration portal. Creating accounts needs the auth admin API, i.e. the secret key, so this
 * runs at the edge:
 *   1. the admin's token through the edge's one verifier (admin-auth.ts: JWKS, live session, AAL, role);
 *   2. the contact (and an ACTIVE partner) read with the secret key;
 *   3. an invite link from GoTrue's admin generate_link (a new account, names from the contact), or
 *      a recovery link for an account that exists (a re-invite, or an address that signed up before);
 *   4. public.attach_partner_user links the account and gives it the partner role — the database
 *      refuses a team member's address;
 *   5. the invitation mail queued in outgoing_emails (dedup key per link) and the job runner kicked,
 *      so it leaves at once through the provider (the emulator outbox locally).
 * Answers: 201 {invited, userId, email, resent} · 400 {error, message} bad body · 401/403 token ·
 * 404 no such contact · 409 partner not active, or an address that cannot be a partner · 415 not
 * JSON · 503 the secret key or the auth service is unavailable.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { originOf } from "#core/hosts.ts";
import {
  PARTNER_INVITE_PATH,
  partnerInviteEmail,
  partnerInviteRequestSchema,
} from "#core/collaboration-management/partner-schema.ts";
import { bearerToken, type AdminCheck } from "./admin-auth.ts";
import { AuthAdminError, generateLink, type linkSchema } from "./auth-admin-api.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";
import { jobRunner } from "./jobs/routes.ts";
import { serviceDb } from "./lib/service-db.ts";

export interface PartnerRoutesDeps {
  verifyAdmin: (ctx: EdgeContext, token: string | null, roles: readonly string[]) => Promise<AdminCheck>;
}

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

const memberSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  user_id: z.string().nullable(),
  partner: z.object({ name: z.string(), status: z.string() }),
});

function refuse(
  c: Context<RoutesEnv>,
  status: 400 | 401 | 403 | 404 | 409 | 415 | 503,
  error: string,
  message: string,
) {
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="partners"');
  if (status === 503) c.header("Retry-After", "10");
  return c.json({ error, message }, status, { "cache-control": "no-store" });
}

export function partnerRoutes(deps: PartnerRoutesDeps): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();

  app.post(PARTNER_INVITE_PATH, async (c) => {
    const check = await deps.verifyAdmin(c.var.edge, bearerToken(c.req.header("authorization")), ["admin"]);
    if (!check.ok) return refuse(c, check.status, check.code, check.message);
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json"))
      return refuse(c, 415, "unsupported_media_type", "Send JSON");
    const raw: unknown = await c.req.json().catch(() => undefined);
    const parsed = partnerInviteRequestSchema.safeParse(raw);
    if (!parsed.success)
      return refuse(c, 400, "invalid_request", parsed.error.issues[0]?.message ?? "Invalid request");
    const key = c.env.SUPABASE_SECRET_KEY;
    if (!key)
      return refuse(c, 503, "not_configured", "The edge has no secret key: invitations cannot be sent");

    const db = serviceDb(c.env);
    const found = await db
      .from("partner_members")
      .select("id, full_name, email, user_id, partner:partners!inner(name, status)")
      .eq("id", parsed.data.memberId)
      .maybeSingle();
    if (found.error)
      return refuse(c, 503, "database_unavailable", "The database is unreachable; try again shortly");
    if (!found.data) return refuse(c, 404, "not_found", "This person is not a partner's contact (any more)");
    const member = memberSchema.parse(found.data);
    if (member.partner.status !== "active")
      return refuse(
        c,
        409,
        "partner_inactive",
        `${member.partner.name} is not active: reactivate the partner before inviting its people`,
      );

    const hosts = c.var.edge.hosts;
    const portalUrl = `${originOf("collab", hosts)}/`;
    const redirectTo = `${originOf("collab", hosts)}/auth/reset-password`;
    const [first, ...rest] = member.full_name.trim().split(/\s+/);
    const names = { first_name: (first ?? "").slice(0, 100), last_name: rest.join(" ").slice(0, 100) };
    let link: z.infer<typeof linkSchema>;
    let resent: boolean;
    try {
      try {
        link = await generateLink(
          c.env,
          key,
          member.user_id ? "recovery" : "invite",
          member.email,
          names,
          redirectTo,
        );
        resent = !!member.user_id;
      } catch (err) {
        // The address has an account already (signed up earlier, or invited before): a recovery link to it.
        if (!(err instanceof AuthAdminError) || err.code !== "email_exists") throw err;
        link = await generateLink(c.env, key, "recovery", member.email, names, redirectTo);
        resent = true;
      }
    } catch (err) {
      if (err instanceof AuthAdminError) {
        console.error(
          `[partners] generate_link for member ${member.id}: ${err.status} ${err.code} ${err.message}`,
        );
        return err.status >= 500
          ? refuse(c, 503, "auth_unavailable", "The sign-in service is unavailable; try again shortly")
          : refuse(c, 409, err.code, err.message);
      }
      throw err;
    }

    const attached = await db.rpc("attach_partner_user", { member: member.id, account: link.id });
    if (attached.error) {
      const status = attached.error.code === "P0001" || attached.error.code === "P0002" ? 409 : 503;
      return refuse(c, status, "cannot_link", attached.error.message);
    }

    const mail = partnerInviteEmail({
      personName: member.full_name,
      partnerName: member.partner.name,
      link: link.action_link,
      portalUrl,
    });
    const queued = await db.from("outgoing_emails").upsert(
      {
        to_address: member.email,
        subject: mail.subject,
        html: mail.html,
        text_body: mail.text,
        kind: "partner_invite",
        dedup_key: `partner-invite/${member.id}/${link.hashed_token.slice(0, 32)}`,
      },
      { onConflict: "dedup_key", ignoreDuplicates: true },
    );
    if (queued.error)
      return refuse(c, 503, "database_unavailable", "The invitation could not be queued; try again shortly");
    c.executionCtx.waitUntil(
      jobRunner(c.env)
        .kick()
        .catch((err: unknown) => console.error("[partners] kicking the job runner failed:", err)),
    );
    return c.json({ invited: true, userId: link.id, email: member.email, resent }, 201, {
      "cache-control": "no-store",
    });
  });

  return app;
}
