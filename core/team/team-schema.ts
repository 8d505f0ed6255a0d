/**
 * Team administration: the edge's request bodies (admins only; every change runs at the edge),
 * the member row the team screen reads (public.team_members), the status a member is in, and the
 * invitation mail. Validation here is the first of two: the database refuses the same things.
 */
import { z } from "zod";
import { COMPANY } from "../constants.ts";
import { emailAddressSchema } from "../schemas/email.ts";
import { escapeHtml } from "../seo/meta.ts";

export const TEAM_API = "/api/team";
/** Where the mailed invitation link lands (the edge, on the CRM host). */
export const TEAM_INVITATION_PATH = "/auth/invitation";
/** How long the mailed link to set a password stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const TEAM_ROLES = ["admin", "staff"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { admin: "Admin", staff: "Staff" };

const uuid = z.uuid("Unknown branch");
const roleSchema = z.enum(TEAM_ROLES, "Choose admin or staff");
const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} has at most 100 characters`);

export const inviteRequestSchema = z.object({
  email: emailAddressSchema.transform((s) => s.toLowerCase()),
  firstName: name("First name"),
  lastName: name("Last name"),
  role: roleSchema,
  branchId: uuid.nullable(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** A change of role (null: no back-office access) and branch, against the row the admin saw. */
export const memberUpdateSchema = z.object({
  role: z.enum(TEAM_ROLES, "Choose admin, staff or none").nullable(),
  branchId: uuid.nullable(),
  expectedUpdatedAt: z.string().min(1, "Reload the member and try again"),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const deactivateRequestSchema = z.object({
  handTo: z.uuid("Choose a member to hand the records to").nullable(),
  expectedUpdatedAt: z.string().min(1, "Reload the member and try again"),
});
export type DeactivateRequest = z.infer<typeof deactivateRequestSchema>;

/** The organisation's two-factor policy: which roles must enrol a factor before any work. */
export const twoFactorPolicySchema = z.object({
  admins: z.boolean("Say whether admins need two-factor"),
  staff: z.boolean("Say whether staff need two-factor"),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;

/** An error of the team API: `field` names the form field the message belongs next to. */
export interface TeamApiError {
  error: string;
  message: string;
  field?: string;
  userId?: string;
  /** The account's profile version, to grant it a role (account_exists). */
  updatedAt?: string;
}

export const teamMemberSchema = z.object({
  user_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  branch_id: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  updated_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  confirmed: z.boolean(),
  two_factor: z.boolean(),
  /** The organisation's two-factor policy covers the member (compliant when two_factor too). */
  two_factor_required: z.boolean(),
  open_records: z.coerce.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export type MemberStatus = "invited" | "active" | "deactivated";
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  invited: "Invited",
  active: "Active",
  deactivated: "Deactivated",
};

/** Deactivated wins; someone who never signed in nor confirmed their address is still invited. */
export function memberStatus(m: Pick<TeamMember, "deactivated_at" | "confirmed">): MemberStatus {
  if (m.deactivated_at) return "deactivated";
  return m.confirmed ? "active" : "invited";
}

/** Whether the organisation's two-factor policy (as the database applies it) covers a member who lacks a factor. */
export function lacksRequiredFactor(m: Pick<TeamMember, "two_factor" | "two_factor_required">): boolean {
  return m.two_factor_required && !m.two_factor;
}

export function invitationExpiry(from: Date): Date {
  return new Date(from.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000);
}

export function teamInviteEmail(p: {
  personName: string;
  inviterName: string;
  role: TeamRole;
  link: string;
  expiresAt: Date;
}): { subject: string; html: string; text: string } {
  const subject = `You are invited to the ${COMPANY.name} back-office`;
  const until = p.expiresAt.toLocaleDateString("en-GB", {
    timeZone: "Africa/Accra",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const e = escapeHtml;
  const role = TEAM_ROLE_LABELS[p.role].toLowerCase();
  const html =
    `<p>Dear ${e(p.personName)},</p>` +
    `<p>${e(p.inviterName)} has invited you to the ${e(COMPANY.name)} back-office as ${e(role)}.</p>` +
    `<p><a href="${e(p.link)}">Set your password and sign in</a></p>` +
    `<p>The link works once, until ${e(until)}. If it has expired, ask ${e(p.inviterName)} for a new one.</p>` +
    `<p>${e(COMPANY.name)} · ${e(COMPANY.phone)}</p>`;
  const text =
    `Dear ${p.personName},\n\n${p.inviterName} has invited you to the ${COMPANY.name} back-office as ${role}.\n\n` +
    `Set your password and sign in: ${p.link}\n\nThe link works once, until ${until}. If it has expired, ask ${p.inviterName} for a new one.\n\n${COMPANY.name} · ${COMPANY.phone}\n`;
  return { subject, html, text };
}
