/**
 * Whether the screen is phone-sized (below Tailwind's `sm`, 640 px): lists then render as cards
 * and their filters move into a sheet. Follows the window as it is resized or turned.
 */
import { useSyncExternalStore } from "react";

const PHONE_QUERY = "(max-width: 639.98px)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
