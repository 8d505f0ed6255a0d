/** Channel navigation with unread counts; admins can create channels. */
import { HashIcon } from "lucide-react";
import type { TeamChannel } from "#core/schemas/hub.ts";
import { cn } from "#app/lib/utils.ts";

export function ChannelList({
  channels,
  active,
  unread,
  onSelect,
}: {
  channels: TeamChannel[];
  active: string;
  unread: Record<string, number>;
  onSelect: (id: string) => void;
}) {
  return (
    <nav aria-label="Channels">
      <ul className="flex flex-col gap-0.5">
        {channels.map((c) => {
          const n = c.id === active ? 0 : (unread[c.id] ?? 0);
          return (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onSelect(c.id)}
                aria-current={c.id === active ? "page" : undefined}
                data-testid={`channel-${c.id}`}
                className={cn(
                  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60",
                  c.id === active
                    ? "bg-accent font-semibold"
                    : n > 0
                      ? "font-semibold"
                      : "text-muted-foreground",
                )}
              >
                <HashIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                {n > 0 && (
                  <span
                    className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                    data-testid={`unread-${c.id}`}
                  >
                    {n > 99 ? "99+" : n}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
