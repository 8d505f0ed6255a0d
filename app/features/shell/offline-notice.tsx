/**
 * The frame's "offline" mark: while the browser has no network the screens show the data last
 * loaded on this device (app/lib/offline/query-persist.ts), read-only — a change fails at once
 * with an error rather than waiting unseen.
 */
import { WifiOffIcon } from "lucide-react";
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />
      Offline: showing what was last loaded on this device, read-only. Changes cannot be saved until the
      network is back.
    </p>
  );
}
