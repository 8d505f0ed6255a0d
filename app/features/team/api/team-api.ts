/**
 * The only place the team screen reaches data: reads through supabase-js (RLS: admins), every
 * change through the edge's team API with the admin's token (the edge holds the secret key and
 * the database checks the admin again). A refusal becomes a TeamError naming the field it is about.
 */
import { z } from "zod";
import {
  TEAM_API,
  teamMemberSchema,
  type DeactivateRequest,
  type TwoFactorPolicy,
  type InviteRequest,
  type MemberUpdate,
  type TeamMember,
} from "#core/team/team-schema.ts";
import { supabase } from "#app/lib/supabase.ts";
import { EdgeRefusal, edgeJson } from "#app/lib/edge-api.ts";

export class TeamError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field?: string,
    readonly userId?: string,
    readonly updatedAt?: string,
  ) {
    super(message);
  }
}

const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  userId: z.string().optional(),
  updatedAt: z.string().optional(),
});

async function edge<T>(method: string, path: string, body?: unknown): Promise<T> {
  try {
    return await edgeJson(`${TEAM_API}${path}`, {
      method,
      json: body,
      signedOutMessage: "Sign in again to manage the team.",
      parse: (answer) => answer as T,
    });
  } catch (err) {
    if (!(err instanceof EdgeRefusal)) throw err;
    if (err.code === "no_session") throw new TeamError(err.message, "no_session");
    const e = errorSchema.safeParse(err.body);
    throw e.success
      ? new TeamError(e.data.message, e.data.error, e.data.field, e.data.userId, e.data.updatedAt)
      : new TeamError(`The request was refused (${err.status}).`, "refused");
  }
}

export async function listMembers(): Promise<TeamMember[]> {
  const { data, error } = await supabase.rpc("team_members");
  if (error) throw error;
  return z.array(teamMemberSchema).parse(data);
}

const branchSchema = z.object({ id: z.string(), name: z.string(), updated_at: z.string() });
export type Branch = z.infer<typeof branchSchema>;

export async function listBranches(): Promise<Branch[]> {
  const { data, error } = await supabase.from("branches").select("id, name, updated_at").order("name");
  if (error) throw error;
  return z.array(branchSchema).parse(data);
}

export async function saveBranch(b: { id?: string; name: string }): Promise<void> {
  const { error } = b.id
    ? await supabase.from("branches").update({ name: b.name }).eq("id", b.id)
    : await supabase.from("branches").insert({ name: b.name });
  if (error)
    throw new TeamError(
      error.code === "23505" ? "A branch of that name exists already" : error.message,
      error.code ?? "db",
      "name",
    );
}

export async function removeBranch(id: string): Promise<void> {
  const { error } = await supabase.from("branches").delete().eq("id", id);
  if (error) throw new TeamError(error.message, error.code ?? "db");
}

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export async function listPendingInvitations(): Promise<Invitation[]> {
  const { data, error } = await supabase
    .from("team_invitations")
    .select("id, email, role, expires_at, created_at")
    .is("accepted_at", null)
    .is("revoked_at", null)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return z.array(invitationSchema).parse(data);
}

/** Open records per module, as the hand-over moves them (admins see every row). */
export async function openRecordCounts(userId: string): Promise<Array<{ module: string; count: number }>> {
  const mine = `owner_id.eq.${userId},assignee_id.eq.${userId}`;
  const count = async (q: PromiseLike<{ count: number | null; error: unknown }>) => {
    const { count: n, error } = await q;
    if (error) throw error;
    return n ?? 0;
  };
  const head = { count: "exact", head: true } as const;
  const [contacts, deals, tasks, c1, c2, c3, c4, listings] = await Promise.all([
    count(supabase.from("contacts").select("id", head).or(mine)),
    count(supabase.from("deals").select("id", head).eq("status", "open").or(mine)),
    count(supabase.from("tasks").select("id", head).in("status", ["todo", "in_progress"]).or(mine)),
    count(
      supabase
        .from("consultations")
        .select("id", head)
        .eq("assignee_id", userId)
        .in("status", ["requested", "confirmed"]),
    ),
    count(
      supabase
        .from("bookings")
        .select("id", head)
        .eq("assignee_id", userId)
        .in("status", ["requested", "confirmed"]),
    ),
    count(
      supabase
        .from("contact_submissions")
        .select("id", head)
        .eq("assignee_id", userId)
        .in("status", ["new", "assigned", "in_progress"]),
    ),
    count(
      supabase
        .from("property_requests")
        .select("id", head)
        .eq("assignee_id", userId)
        .in("status", ["new", "assigned", "searching", "matched"]),
    ),
    count(
      supabase
        .from("properties")
        .select("id", head)
        .not("status", "in", "(sold,let,withdrawn,archived)")
        .or(`${mine},agent_id.eq.${userId}`),
    ),
  ]);
  return [
    { module: "Contacts", count: contacts },
    { module: "Open deals", count: deals },
    { module: "Open tasks", count: tasks },
    { module: "Inbox items", count: c1 + c2 + c3 + c4 },
    { module: "Listings", count: listings },
  ];
}

export const inviteMember = (body: InviteRequest) =>
  edge<{ invitationId: string; userId: string; expiresAt: string }>("POST", "/invitations", body);
export const resendInvitation = (id: string) =>
  edge<{ expiresAt: string }>("POST", `/invitations/${id}/resend`);
export const revokeInvitation = (id: string) => edge<{ revoked: true }>("DELETE", `/invitations/${id}`);
export const updateMember = (id: string, body: MemberUpdate) =>
  edge<unknown>("PATCH", `/members/${id}`, body);
export const deactivateMember = (id: string, body: DeactivateRequest) =>
  edge<{ moved: Array<{ module: string; moved: number }>; sessionsEnded: number }>(
    "POST",
    `/members/${id}/deactivate`,
    body,
  );
export const reactivateMember = (id: string) => edge<unknown>("POST", `/members/${id}/reactivate`);
export const signOutMember = (id: string) =>
  edge<{ sessionsEnded: number }>("POST", `/members/${id}/sign-out`);

/** The organisation's two-factor policy (one row; RLS: staff read, admins change it at the edge). */
export async function getTwoFactorPolicy(): Promise<TwoFactorPolicy> {
  const { data, error } = await supabase
    .from("organisation_settings")
    .select("two_factor_admins, two_factor_staff")
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new TeamError("The organisation's settings are not readable.", "not_found");
  return { admins: data.two_factor_admins, staff: data.two_factor_staff };
}
export const saveTwoFactorPolicy = (policy: TwoFactorPolicy) =>
  edge<{ policy: TwoFactorPolicy }>("PUT", "/two-factor-policy", policy);
