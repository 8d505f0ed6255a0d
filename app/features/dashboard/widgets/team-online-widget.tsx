/** Dashboard slot "team-online": who is connected to the hub right now, with their status. */
import { UserAvatar } from "#app/components/user-avatar.tsx";
import { usePresence } from "#app/lib/realtime/index.ts";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { displayName } from "#core/schemas/profile.ts";

const LABEL = { online: "Online", away: "Away", busy: "Busy" } as const;

export default function TeamOnlineWidget() {
  const presence = usePresence();
  const team = useTeamMembers();
  const online = (team.data ?? []).filter((m) => presence.has(m.user_id));
  if (team.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (online.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody else is connected right now.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Team members online">
      {online.map((m) => {
        const status = presence.get(m.user_id)!.status;
        return (
          <li key={m.user_id} className="flex items-center gap-3 text-sm">
            <UserAvatar profile={m} email={m.email} className="size-8" />
            <span className="flex-1">{displayName(m, m.email)}</span>
            <span className="text-xs text-muted-foreground">{LABEL[status]}</span>
          </li>
        );
      })}
    </ul>
  );
}
