/**
 * The TanStack Query client for server state. Provided by the back-office frame (the dashboard
 * layout), not by main.tsx: the public site does not use it, so its ~11 KB stay out of the
 * public bundle.
 */
import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
