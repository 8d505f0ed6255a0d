/**
 * The SPA's browser history, with a way for a screen to hold a navigation until the user
 * confirms it (unsaved edits). The router runs in declarative mode (its data router alone is
 * ~18 KB gzip more on every page), which has no blocker of its own: this history asks the one
 * registered blocker before a link, `navigate()` or Back changes the location.
 *
 * Back/Forward have already moved the browser when they are reported: a held one is undone
 * with the opposite `go()` and replayed when the user proceeds — as the data router does.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { UNSAFE_createBrowserHistory, type Location, type To } from "react-router";

type Listener = Parameters<ReturnType<typeof UNSAFE_createBrowserHistory>["listen"]>[0];

export interface BlockerArgs {
  currentLocation: Pick<Location, "pathname" | "search">;
  nextLocation: Pick<Location, "pathname" | "search">;
}
export type BlockerFunction = (args: BlockerArgs) => boolean;

export type Blocker =
  | { state: "unblocked"; proceed?: undefined; reset?: undefined }
  | { state: "blocked"; proceed: () => void; reset: () => void };

let blocker: { shouldBlock: BlockerFunction; onBlocked: (retry: () => void) => void } | null = null;
// Set when the user proceeds: the replayed navigation goes through once.
let passNext = false;

type Place = Pick<Location, "pathname" | "search">;

/** Whether the registered blocker holds this navigation (then it gets `retry` to replay it). */
function held(current: Place, next: Place, retry: () => void): boolean {
  if (passNext) {
    passNext = false;
    return false;
  }
  if (!blocker?.shouldBlock({ currentLocation: current, nextLocation: next })) return false;
  blocker.onBlocked(retry);
  return true;
}

/** A browser history whose push, replace and Back/Forward consult the registered blocker. */
export function createBlockingHistory() {
  const base = UNSAFE_createBrowserHistory({ v5Compat: true });
  const place = (to: To): Place => {
    const url = base.createURL(to);
    return { pathname: url.pathname, search: url.search };
  };
  // Set while our own go() undoes a held Back/Forward: that pop is not news for the router.
  let undoing = false;
  let lastLocation: Place = base.location;
  const history = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to: To) => base.createHref(to),
    createURL: (to: To) => base.createURL(to),
    encodeLocation: (to: To) => base.encodeLocation(to),
    go: (delta: number) => base.go(delta),
    push(to: To, state?: unknown) {
      if (!held(base.location, place(to), () => history.push(to, state))) base.push(to, state);
    },
    replace(to: To, state?: unknown) {
      if (!held(base.location, place(to), () => history.replace(to, state))) base.replace(to, state);
    },
    listen(listener: Listener) {
      return base.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        const delta = update.delta;
        if (update.action === "POP" && delta && held(lastLocation, update.location, () => base.go(delta))) {
          undoing = true;
          base.go(-delta);
          return;
        }
        lastLocation = update.location;
        listener(update);
      });
    },
  };
  return history;
}

export type BlockingHistory = ReturnType<typeof createBlockingHistory>;

/**
 * Holds navigations `shouldBlock` picks (read at navigation time) until the user proceeds or
 * resets — the shape of react-router's `useBlocker`. One screen blocks at a time: the last one
 * mounted.
 */
export function useNavigationBlocker(shouldBlock: BlockerFunction): Blocker {
  const [blocked, setBlocked] = useState(false);
  const retry = useRef<(() => void) | null>(null);
  const fn = useRef(shouldBlock);
  useEffect(() => {
    fn.current = shouldBlock;
  }, [shouldBlock]);
  useEffect(() => {
    const mine = {
      shouldBlock: (args: BlockerArgs) => fn.current(args),
      onBlocked: (again: () => void) => {
        retry.current = again;
        setBlocked(true);
      },
    };
    blocker = mine;
    return () => {
      if (blocker === mine) blocker = null;
    };
  }, []);
  const proceed = useCallback(() => {
    const again = retry.current;
    retry.current = null;
    setBlocked(false);
    if (again) {
      passNext = true;
      again();
    }
  }, []);
  const reset = useCallback(() => {
    retry.current = null;
    setBlocked(false);
  }, []);
  return blocked ? { state: "blocked", proceed, reset } : { state: "unblocked" };
}
