import { useRealtimeStatus } from "#app/lib/realtime/use-realtime-status.ts";
import { cn } from "#app/lib/utils.ts";

const LABEL = { connected: "Live", connecting: "Connecting…", disconnected: "Offline" } as const;

/** The hub connection state (spec §4): disconnected, connecting, connected. */
export function RealtimeStatusBadge() {
  const status = useRealtimeStatus();
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium"
      title={`Realtime: ${status}`}
      data-testid="realtime-status"
      data-status={status}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          status === "connected" && "bg-emerald-500",
          status === "connecting" && "animate-pulse bg-amber-500",
          status === "disconnected" && "bg-zinc-400",
        )}
      />
      <span>
        <span className="sr-only">Realtime status: </span>
        {LABEL[status]}
      </span>
    </span>
  );
}
