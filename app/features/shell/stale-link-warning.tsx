/**
 * The stale-link warning (docs/product.md#session): a session taken from the URL (a recovery or invite link) that was issued 120 s or more
 * before the page loaded may be stale — say so once, visibly, instead of only logging it.
 */
import { useEffect } from "react";
import { STALE_URL_SESSION_WARNING_SECONDS } from "#core/constants.ts";
import { urlSessionAtLoad } from "#app/lib/url-session.ts";

let shown = false;

export default function StaleLinkWarning() {
  useEffect(() => {
    if (shown || !urlSessionAtLoad?.stale) return;
    shown = true;
    const minutes = Math.floor(urlSessionAtLoad.ageSeconds / 60);
    // sonner loads on demand, like this component itself.
    void import("sonner").then(({ toast }) =>
      toast.warning("This link may be out of date", {
        description: `It was issued ${minutes >= 1 ? `${minutes} min` : `${STALE_URL_SESSION_WARNING_SECONDS} s`} or more ago. If anything fails, request a new link.`,
        duration: 10_000,
      }),
    );
  }, []);
  return null;
}
