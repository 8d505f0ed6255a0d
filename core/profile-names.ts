/** How a person is named on screen, from a profile's names (no schema: cheap to import anywhere). */
export interface ProfileNames {
  first_name: string | null;
  last_name: string | null;
}

/** "Ama Mensah", else the e-mail, else "Signed-in user". */
export function displayName(profile: ProfileNames | null, email?: string | null): string {
  const name = [profile?.first_name, profile?.last_name]
    .filter((s) => s && s.trim() !== "")
    .join(" ")
    .trim();
  return name || email || "Signed-in user";
}

export function initials(profile: ProfileNames | null, email?: string | null): string {
  const parts = [profile?.first_name, profile?.last_name].filter((s): s is string => !!s && s.trim() !== "");
  if (parts.length > 0)
    return parts
      .map((p) => p.trim()[0]!.toUpperCase())
      .join("")
      .slice(0, 2);
  return (email?.[0] ?? "?").toUpperCase();
}
