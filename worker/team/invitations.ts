/**
 * Invitations to the team, at the edge (creating accounts needs the secret key):
 *   POST   /api/team/invitations            {email, firstName, lastName, role, branchId}
 *   POST   /api/team/invitations/:id/resend a new link (the old one stops working), valid 7 days again
 *   DELETE /api/team/invitations/:id        revoke: the link stops working, the account loses its role
 *   GET    /auth/invitation?token=…         the mailed link: a fresh GoTrue link to set the password,
 *                                           or a page saying the invitation expired / was used / revoked
 * GoTrue's own mailed links live an hour (a day at most on hosted projects), so the mail carries
 * our token (stored hashed, 7 days, once); opening it asks GoTrue's generate_link (an invite link
 * for an unconfirmed account, as GoTrue's invite does) and redirects there. The role and branch
 * are written with the admin's token (audited as theirs).
 */
import { Hono } from "hono";
import { originOf } from "#core/hosts.ts";
import { escapeHtml } from "#core/seo/meta.ts";
import {
  invitationExpiry,
  inviteRequestSchema,
  TEAM_API,
  TEAM_INVITATION_PATH,
  teamInviteEmail,
  type TeamRole,
} from "#core/team/team-schema.ts";
import { AuthAdminError, generateLink } from "../auth-admin-api.ts";
import { jobRunner } from "../jobs/routes.ts";
import { serviceDb } from "../lib/service-db.ts";
import {
  adminRequest,
  databaseRefusal,
  firstIssue,
  refuse,
  type AdminCall,
  type TeamContext,
  type TeamEnv,
  type TeamRoutesDeps,
} from "./team-http.ts";

async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function adminName(call: AdminCall): Promise<string> {
  const me = await call.db
    .from("profiles")
    .select("first_name, last_name")
    .eq("user_id", call.adminId)
    .maybeSingle();
  return [me.data?.first_name, me.data?.last_name].filter(Boolean).join(" ") || "An admin";
}

/** Mints a link token for the invitation row, stores its hash and expiry, and queues the mail. */
async function mailInvitation(
  c: TeamContext,
  call: AdminCall,
  inv: { id: string; email: string; role: TeamRole; personName: string },
): Promise<Response | { expiresAt: string }> {
  const token = newToken();
  const expiresAt = invitationExpiry(new Date());
  const db = serviceDb(c.env);
  const saved = await db
    .from("team_invitations")
    .update({ token_hash: await sha256Hex(token), expires_at: expiresAt.toISOString() })
    .eq("id", inv.id);
  if (saved.error) return databaseRefusal(c, saved.error);
  const link = `${originOf("crm", c.var.edge.hosts)}${TEAM_INVITATION_PATH}?token=${token}`;
  const mail = teamInviteEmail({
    personName: inv.personName,
    inviterName: await adminName(call),
    role: inv.role,
    link,
    expiresAt,
  });
  const queued = await db.from("outgoing_emails").insert({
    to_address: inv.email,
    subject: mail.subject,
    html: mail.html,
    text_body: mail.text,
    kind: "team_invite",
    dedup_key: `team-invite/${inv.id}/${(await sha256Hex(token)).slice(0, 32)}`,
  });
  if (queued.error) return databaseRefusal(c, queued.error);
  c.executionCtx.waitUntil(
    jobRunner(c.env)
      .kick()
      .catch((err: unknown) => console.error("[team] kicking the job runner failed:", err)),
  );
  return { expiresAt: expiresAt.toISOString() };
}

function page(c: TeamContext, status: 200 | 404 | 410, title: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
  return c.html(html, status, { "cache-control": "no-store" });
}

export function invitationRoutes(deps: TeamRoutesDeps): Hono<TeamEnv> {
  const app = new Hono<TeamEnv>();

  app.post(`${TEAM_API}/invitations`, async (c) => {
    const r = await adminRequest(c, deps, true);
    if (!r.ok) return r.res;
    const parsed = inviteRequestSchema.safeParse(r.body);
    if (!parsed.success)
      return refuse(c, 400, { error: "invalid_request", ...firstIssue(parsed.error.issues) });
    const inv = parsed.data;
    const db = serviceDb(c.env);

    const me = await db.from("profiles").select("email").eq("user_id", r.call.adminId).maybeSingle();
    if (me.data?.email?.toLowerCase() === inv.email)
      return refuse(c, 400, {
        error: "invalid_request",
        message: "You cannot invite yourself",
        field: "email",
      });
    if (inv.branchId) {
      const b = await db.from("branches").select("id").eq("id", inv.branchId).maybeSingle();
      if (b.error) return databaseRefusal(c, b.error);
      if (!b.data)
        return refuse(c, 400, { error: "invalid_request", message: "Unknown branch", field: "branchId" });
    }
    const pending = await db
      .from("team_invitations")
      .select("id")
      .ilike("email", inv.email)
      .is("accepted_at", null)
      .is("revoked_at", null)
      .maybeSingle();
    if (pending.error) return databaseRefusal(c, pending.error);
    if (pending.data)
      return refuse(c, 409, {
        error: "invite_pending",
        message: "An invitation to this address is pending: resend or revoke it",
        field: "email",
      });

    let userId: string;
    try {
      const link = await generateLink(
        c.env,
        r.call.key,
        "invite",
        inv.email,
        { first_name: inv.firstName, last_name: inv.lastName },
        `${originOf("crm", c.var.edge.hosts)}/auth/reset-password`,
      );
      userId = link.id;
    } catch (err) {
      if (err instanceof AuthAdminError && err.code === "email_exists") {
        const existing = await db
          .from("profiles")
          .select("user_id, role, updated_at")
          .ilike("email", inv.email)
          .maybeSingle();
        const member = existing.data?.role === "admin" || existing.data?.role === "staff";
        return refuse(c, 409, {
          error: member ? "already_member" : "account_exists",
          message: member
            ? "This address belongs to a team member already"
            : "This address has an account already: grant it a role instead",
          field: "email",
          userId: existing.data?.user_id,
          updatedAt: existing.data?.updated_at,
        });
      }
      if (err instanceof AuthAdminError) {
        console.error(`[team] generate_link: ${err.status} ${err.code} ${err.message}`);
        return err.status >= 500
          ? refuse(c, 503, {
              error: "auth_unavailable",
              message: "The sign-in service is unavailable; try again",
            })
          : refuse(c, 400, { error: err.code, message: err.message, field: "email" });
      }
      throw err;
    }

    const profile = await r.call.db
      .from("profiles")
      .update({ role: inv.role, branch_id: inv.branchId, first_name: inv.firstName, last_name: inv.lastName })
      .eq("user_id", userId)
      .select("user_id");
    if (profile.error) return databaseRefusal(c, profile.error);
    const row = await db
      .from("team_invitations")
      .insert({
        user_id: userId,
        email: inv.email,
        role: inv.role,
        branch_id: inv.branchId,
        invited_by: r.call.adminId,
        token_hash: await sha256Hex(newToken()),
        expires_at: invitationExpiry(new Date()).toISOString(),
      })
      .select("id")
      .single();
    if (row.error) return databaseRefusal(c, row.error);
    const mailed = await mailInvitation(c, r.call, {
      id: row.data.id,
      email: inv.email,
      role: inv.role,
      personName: `${inv.firstName} ${inv.lastName}`,
    });
    if (mailed instanceof Response) return mailed;
    return c.json({ invitationId: row.data.id, userId, email: inv.email, expiresAt: mailed.expiresAt }, 201, {
      "cache-control": "no-store",
    });
  });

  /** The pending invitation of :id, read as the admin (RLS: admins only), or the refusal to send. */
  async function pendingInvitation(c: TeamContext, call: AdminCall, id: string) {
    const found = await call.db
      .from("team_invitations")
      .select("id, email, role, user_id, accepted_at, revoked_at")
      .eq("id", id)
      .maybeSingle();
    if (found.error?.code === "22P02" || (!found.error && !found.data))
      return refuse(c, 404, { error: "not_found", message: "No such invitation" });
    if (found.error) return databaseRefusal(c, found.error);
    if (found.data!.accepted_at || found.data!.revoked_at)
      return refuse(c, 409, {
        error: "not_pending",
        message: "This invitation was accepted or revoked already",
      });
    return found.data!;
  }

  app.post(`${TEAM_API}/invitations/:id/resend`, async (c) => {
    const r = await adminRequest(c, deps, false);
    if (!r.ok) return r.res;
    const inv = await pendingInvitation(c, r.call, c.req.param("id"));
    if (inv instanceof Response) return inv;
    const names = await r.call.db
      .from("profiles")
      .select("first_name, last_name")
      .eq("user_id", inv.user_id)
      .maybeSingle();
    const mailed = await mailInvitation(c, r.call, {
      id: inv.id,
      email: inv.email,
      role: inv.role as TeamRole,
      personName: [names.data?.first_name, names.data?.last_name].filter(Boolean).join(" ") || inv.email,
    });
    if (mailed instanceof Response) return mailed;
    return c.json({ resent: true, expiresAt: mailed.expiresAt }, 200, { "cache-control": "no-store" });
  });

  app.delete(`${TEAM_API}/invitations/:id`, async (c) => {
    const r = await adminRequest(c, deps, false);
    if (!r.ok) return r.res;
    const inv = await pendingInvitation(c, r.call, c.req.param("id"));
    if (inv instanceof Response) return inv;
    const revoked = await serviceDb(c.env)
      .from("team_invitations")
      .update({ revoked_at: new Date().toISOString() })
      .eq("id", inv.id)
      .is("accepted_at", null);
    if (revoked.error) return databaseRefusal(c, revoked.error);
    const role = await r.call.db.from("profiles").update({ role: null }).eq("user_id", inv.user_id);
    if (role.error) return databaseRefusal(c, role.error);
    return c.json({ revoked: true }, 200, { "cache-control": "no-store" });
  });

  app.get(TEAM_INVITATION_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const ask = "Ask the admin who invited you to send a new invitation.";
    if (!/^[A-Za-z0-9_-]{43}$/.test(token))
      return page(
        c,
        404,
        "This invitation link is not valid",
        `Check that you opened the whole link from the mail. ${ask}`,
      );
    const db = serviceDb(c.env);
    const found = await db
      .from("team_invitations")
      .select(
        "id, email, user_id, expires_at, accepted_at, revoked_at, inviter:profiles(first_name, last_name, email)",
      )
      .eq("token_hash", await sha256Hex(token))
      .maybeSingle();
    if (found.error) {
      console.error("[team] invitation lookup:", found.error.message);
      return page(c, 410, "The invitation cannot be opened right now", "Try the link again in a minute.");
    }
    const inv = found.data;
    if (!inv)
      return page(
        c,
        404,
        "This invitation link is not valid",
        `It may have been replaced by a newer mail. ${ask}`,
      );
    const inviter = inv.inviter
      ? `${[inv.inviter.first_name, inv.inviter.last_name].filter(Boolean).join(" ")} (${inv.inviter.email ?? "your admin"})`
      : "your admin";
    if (inv.revoked_at)
      return page(c, 410, "This invitation was withdrawn", `Ask ${inviter} if you should have access.`);
    if (inv.accepted_at)
      return page(
        c,
        410,
        "This invitation was used already",
        `Sign in with the password you set, or ask ${inviter} for a new invitation.`,
      );
    if (new Date(inv.expires_at).getTime() < Date.now())
      return page(
        c,
        410,
        "This invitation has expired",
        `Invitations are valid for 7 days. Ask ${inviter} to send a new one.`,
      );
    const key = c.env.SUPABASE_SECRET_KEY;
    if (!key)
      return page(c, 410, "The invitation cannot be opened right now", "Try the link again in a minute.");
    let link;
    try {
      link = await generateLink(
        c.env,
        key,
        "invite",
        inv.email,
        {},
        `${originOf("crm", c.var.edge.hosts)}/auth/reset-password`,
      );
    } catch (err) {
      if (!(err instanceof AuthAdminError)) throw err;
      // A confirmed account (the invitee set a password another way): a link to set it again.
      link = await generateLink(
        c.env,
        key,
        "recovery",
        inv.email,
        {},
        `${originOf("crm", c.var.edge.hosts)}/auth/reset-password`,
      );
    }
    const used = await db
      .from("team_invitations")
      .update({ accepted_at: new Date().toISOString() })
      .eq("id", inv.id)
      .is("accepted_at", null)
      .select("id");
    if (used.error || !used.data.length)
      return page(
        c,
        410,
        "This invitation was used already",
        `Sign in with the password you set, or ask ${inviter} for a new invitation.`,
      );
    return c.redirect(link.action_link, 302);
  });

  return app;
}
