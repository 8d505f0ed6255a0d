/**
 * The query cache of the screens that open offline (tasks, contacts, the team's names, the user's
 * settings) is kept in the device's offline store, so a reload without network shows the data
 * last seen. Only successful reads of those keys are kept, for the signed-in user only (the store
 * is cleared on sign-out), and only for the build that wrote them: another build may read its
 * data differently, so its copy is dropped rather than shown.
 */
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { readOffline, writeOffline } from "./offline-store.ts";

const STORE_KEY = "query-cache";
const KEPT_ROOTS = new Set(["tasks", "contacts", "team-members", "user_settings"]);
const SAVE_DELAY_MS = 1000;
/** A copy older than this is not shown: a week-old list would mislead more than it helps. */
const MAX_AGE_MS = 7 * 86_400_000;

/** The build this page runs: the content-hashed name of its entry script. */
function buildId(): string {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src ?? "dev";
}

interface Kept {
  build: string;
  savedAt: number;
  state: unknown;
}

function isKept(value: unknown): value is Kept {
  const v = value as Partial<Kept> | null;
  return typeof v?.build === "string" && typeof v.savedAt === "number" && typeof v.state === "object";
}

/** Restores the kept queries, then keeps them current; returns the unsubscribe. */
export function persistQueries(client: QueryClient, userId: string): () => void {
  const build = buildId();
  let stopped = false;
  void readOffline(userId, STORE_KEY).then((kept) => {
    if (stopped || !isKept(kept) || kept.build !== build || Date.now() - kept.savedAt > MAX_AGE_MS) return;
    // Older than what the screen already fetched is ignored by hydrate itself.
    const state = kept.state as DehydratedState;
    hydrate(client, state);
    // What was kept is the data last seen, not known to be current (a change made just before a
    // reload was in memory only): every restored query counts as stale, so a screen showing it
    // fetches it again — offline, the kept data stays on screen.
    for (const q of state.queries) {
      const cached = client.getQueryCache().get(q.queryHash);
      if (cached && cached.state.dataUpdatedAt === q.state.dataUpdatedAt)
        void client.invalidateQueries({ queryKey: q.queryKey, exact: true });
    }
  });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    if (stopped) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (q) => q.state.status === "success" && KEPT_ROOTS.has(String(q.queryKey[0])),
    });
    void writeOffline(userId, STORE_KEY, { build, savedAt: Date.now(), state } satisfies Kept);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success" && !timer)
      timer = setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}
