/**
 * Posts live: when a colleague saves, publishes or unpublishes a post, the hub relays a "blog"
 * frame with ids only (core's REALTIME_MODULES: staff and admins) and this tab refetches the
 * posts through its own RLS. Mounted by the back-office frame as the module's chrome.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { BLOG_REALTIME, postKeys } from "./hooks/post-queries.ts";

export function BlogRealtime(): null {
  const qc = useQueryClient();
  useDomainUpdates(BLOG_REALTIME, (update) => {
    void qc.invalidateQueries({ queryKey: postKeys.lists() });
    for (const id of update.ids) void qc.invalidateQueries({ queryKey: postKeys.detail(id) });
  });
  return null;
}
