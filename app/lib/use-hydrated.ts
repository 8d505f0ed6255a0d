/**
 * False while rendering on the server (the build's prerender) and while hydrating its markup,
 * true afterwards and in client-only renders. Gate browser-only widgets (maps) with it so the
 * prerendered HTML and the hydrating render agree.
 */
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
