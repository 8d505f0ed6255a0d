/** Back-office roles: read from profiles.role. Anything else has no back-office access. */
export const ROLES = ["admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

export function isBackOfficeRole(role: string | null | undefined): role is Role {
  return role === "admin" || role === "staff";
}

/** Where a user lands after signing in: admins to the dashboard, everyone else home. */
export function postSignInPath(role: string | null | undefined): "/dashboard" | "/" {
  return role === "admin" ? "/dashboard" : "/";
}
