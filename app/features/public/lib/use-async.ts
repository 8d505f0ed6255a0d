/** Minimal async loader (the public site keeps TanStack Query out of its initial bundle). */
import { startTransition, useCallback, useEffect, useState } from "react";

export type AsyncState<T> = { status: "loading" } | { status: "error"; error: Error } | { status: "ready"; data: T };

export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> & { retry: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: "loading" });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    load().then(
      // Rendering the loaded page is a transition: React renders it in slices that yield to
      // input, instead of one long task on a slow phone.
      (data) => live && startTransition(() => setState({ status: "ready", data })),
      (err: unknown) => {
        console.error(err);
        if (live) setState({ status: "error", error: err instanceof Error ? err : new Error(String(err)) });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const retry = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, retry };
}
