/**
 * The TanStack Query client for server state. Provided by the back-office frame (the dashboard
 * layout), not by main.tsx: the public site does not use it, so its ~11 KB stay out of the
 * public bundle.
 *
 * Mutation errors reach the user once, here: every failed mutation shows one toast with a
 * sentence a person can act on (core/records/db-errors.ts turns PostgREST/Postgres codes into
 * words). A mutation whose form shows the error at the field opts out with
 * `meta: { toast: false }`; `meta.errorTitle` replaces the toast's title (e.g. the spec's
 * "Failed to update settings"), `meta.constraints` / `meta.fieldLabels` name fields in it.
 * Hooks therefore never toast errors themselves.
 */
import { MutationCache, QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import type { ConstraintHint } from "#core/records/db-errors.ts";
import { toast } from "./toast.ts";

export interface AppMutationMeta extends Record<string, unknown> {
  /** false: the caller shows the error itself (a form, at the field). */
  toast?: boolean;
  /** Title of the error toast instead of the generic one. */
  errorTitle?: string;
  constraints?: Record<string, ConstraintHint>;
  fieldLabels?: Record<string, string>;
}

/**
 * What a screen adds to a module's mutation hook: its own toast, refresh or navigation after the
 * outcome (the hook owns the call and its error meta).
 */
export type MutationCallbacks<T, V = void> = Pick<
  UseMutationOptions<T, Error, V>,
  "onSuccess" | "onError" | "onSettled"
>;

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

/** Shows one error toast for a failed action (also used by non-mutation actions such as an export). */
export function toastError(error: unknown, meta: AppMutationMeta = {}): void {
  // The wording loads when an error is due, not with the frame.
  void import("#core/records/db-errors.ts").then(({ describeDbError }) => {
    const described = describeDbError(error, meta);
    // Logged with its code for whoever reads the console; the toast says it in words.
    console.error(`${meta.errorTitle ?? described.title}:`, error);
    toast.error(meta.errorTitle ?? described.title, { description: described.message });
  });
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    // Offline the back-office is read-only: a change fails at once (its toast says so) instead of
    // waiting, unseen and lost on a reload, for a network that may not come back in this tab.
    mutations: { networkMode: "always" },
  },
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      const meta = mutation.options.meta ?? {};
      if (meta.toast === false) return;
      toastError(error, meta);
    },
  }),
});
