/** Minimal async loader (the public site keeps TanStack Query out of its initial bundle). */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";

export type AsyncState<T> =
  | { status: "loading" }
  | { status: "error"; error: Error }
  | { status: "ready"; data: T };

/**
 * `retry` loads again from the loading state; `refresh` loads again keeping what is shown until
 * the new data arrives (nothing below unmounts, e.g. a payment's outcome on the invoice).
 */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
): AsyncState<T> & { retry: () => void; refresh: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: "loading" });
  const [tick, setTick] = useState(0);
  const quiet = useRef(false);
  useEffect(() => {
    let live = true;
    if (!quiet.current) setState({ status: "loading" });
    quiet.current = false;
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
  const refresh = useCallback(() => {
    quiet.current = true;
    setTick((t) => t + 1);
  }, []);
  return { ...state, retry, refresh };
}
