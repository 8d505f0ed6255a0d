/** Who is online right now, from the hub's presence frames (names from profiles). */
import { displayName, initials } from "#core/schemas/profile.ts";
import type { PresenceStatus } from "#core/schemas/hub.ts";
import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { usePresence } from "#app/lib/realtime/index.ts";
import { cn } from "#app/lib/utils.ts";
import { useProfiles } from "../hooks/use-profiles.ts";

const STATUS_LABEL: Record<PresenceStatus, string> = { online: "Online", away: "Away", busy: "Busy" };

export function OnlineList({ currentUserId }: { currentUserId: string | null }) {
  const presence = usePresence();
  const ids = [...presence.keys()].sort();
  const profiles = useProfiles(ids);

  return (
    <section aria-labelledby="online-heading">
      <h2
        id="online-heading"
        className="px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
      >
        Online — {ids.length}
      </h2>
      <ul className="mt-2 flex flex-col gap-1" data-testid="online-list">
        {ids.map((id) => {
          const entry = presence.get(id)!;
          const profile = profiles.data?.get(id) ?? null;
          const name = displayName(profile, id === currentUserId ? "You" : "Team member");
          return (
            <li key={id} className="flex items-center gap-2 px-2 text-sm" data-user-id={id}>
              <span className="relative">
                <Avatar className="size-6">
                  {profile?.avatar_url && <AvatarImage src={profile.avatar_url} alt="" />}
                  <AvatarFallback className="text-[10px]">{initials(profile)}</AvatarFallback>
                </Avatar>
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute -bottom-0.5 -right-0.5 size-2.5 rounded-full border-2 border-background",
                    entry.status === "online" && "bg-emerald-500",
                    entry.status === "away" && "bg-amber-500",
                    entry.status === "busy" && "bg-red-500",
                  )}
                />
              </span>
              <span className="min-w-0 flex-1 truncate">
                {name}
                {id === currentUserId && <span className="text-muted-foreground"> (you)</span>}
              </span>
              <span className="text-xs text-muted-foreground">{STATUS_LABEL[entry.status]}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
