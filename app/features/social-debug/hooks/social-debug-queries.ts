/** Server state of the social preview debugger: `socialDebugKeys`, every key under "social-debug". */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { MutationCallbacks as After } from "#app/lib/query-client.ts";
import { debugUrl, purgeUrl } from "../api/social-debug-api.ts";

export const socialDebugKeys = {
  all: ["social-debug"] as const,
  check: (url: string) => [...socialDebugKeys.all, url] as const,
};

/** What crawlers see at `url`, fetched fresh each time (no retry: a failure is the answer). */
export const useSocialCheck = (url: string) =>
  useQuery({
    queryKey: socialDebugKeys.check(url),
    queryFn: () => debugUrl(url),
    enabled: url !== "",
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

export const usePurgeUrl = (url: string, after: After<Awaited<ReturnType<typeof purgeUrl>>>) =>
  useMutation({ mutationFn: () => purgeUrl(url), ...after });
