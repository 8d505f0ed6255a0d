/** The hub connection's state for a badge; apart from the frame hooks, so the frame's bar loads no schemas. */
import { useContext, useEffect, useState } from "react";
import { SOCKET_STATUS_POLL_MS } from "#core/constants.ts";
import type { RealtimeStatus } from "./hub-client.ts";
import { RealtimeContext } from "./realtime-provider.tsx";

/** The socket's status, polled every SOCKET_STATUS_POLL_MS (every 1 s). */
export function useRealtimeStatus(): RealtimeStatus {
  const ctx = useContext(RealtimeContext);
  const [status, setStatus] = useState<RealtimeStatus>(() => ctx?.getStatus() ?? "disconnected");
  useEffect(() => {
    if (!ctx) return;
    setStatus(ctx.getStatus());
    const id = setInterval(() => setStatus(ctx.getStatus()), SOCKET_STATUS_POLL_MS);
    return () => clearInterval(id);
  }, [ctx]);
  return status;
}
