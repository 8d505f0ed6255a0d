/**
 * GoTrue's admin API with the secret key, for the edge's admin endpoints (partner and team
 * invitations, bans on deactivation): the link a mail would carry (generate_link), and user updates.
 */
import { z } from "zod";
import type { EdgeEnv } from "./env.ts";

export const linkSchema = z.object({ id: z.string(), action_link: z.string(), hashed_token: z.string() });
const authErrorSchema = z
  .object({ error_code: z.string().optional(), msg: z.string().optional(), message: z.string().optional() })
  .loose();

export class AuthAdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function adminCall(env: EdgeEnv, key: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${env.SUPABASE_URL.replace(/\/+$/, "")}/auth/v1${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = authErrorSchema.safeParse(json);
    throw new AuthAdminError(
      res.status,
      e.data?.error_code ?? "auth_error",
      e.data?.msg ?? e.data?.message ?? `The auth service answered ${res.status}`,
    );
  }
  return json;
}

/** GoTrue's POST /admin/generate_link with the secret key: the link a mail would carry. */
export async function generateLink(
  env: EdgeEnv,
  key: string,
  type: "invite" | "recovery",
  email: string,
  data: Record<string, string>,
  redirectTo: string,
) {
  const body = await adminCall(
    env,
    key,
    "POST",
    `/admin/generate_link?redirect_to=${encodeURIComponent(redirectTo)}`,
    { type, email, data, redirect_to: redirectTo },
  );
  return linkSchema.parse(body);
}

/**
 * Bans or unbans a user (GoTrue's ban_duration): a banned user's sign-in and refresh are refused
 * with `user_banned`. Deactivation bans for a century; reactivation passes "none".
 */
export async function setBan(env: EdgeEnv, key: string, userId: string, banned: boolean): Promise<void> {
  await adminCall(env, key, "PUT", `/admin/users/${encodeURIComponent(userId)}`, {
    ban_duration: banned ? "876000h" : "none",
  });
}
