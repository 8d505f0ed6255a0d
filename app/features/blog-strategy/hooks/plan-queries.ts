/** Server state of the content calendar: `topicKeys` (every key starts with "content-plan"). */
import { useQuery, useQueryClient, keepPreviousData } from "@tanstack/react-query";
import { useCallback } from "react";
import { gridRange } from "#core/blog/content-plan.ts";
import { listTopics, postOptions } from "../api/plan-api.ts";

export const topicKeys = {
  all: ["content-plan"] as const,
  month: (month: string, ownerId: string | undefined) =>
    [...topicKeys.all, "month", month, ownerId ?? "all"] as const,
  posts: () => [...topicKeys.all, "posts"] as const,
};

export function useMonthTopics(month: string, ownerId?: string) {
  return useQuery({
    queryKey: topicKeys.month(month, ownerId),
    queryFn: () => {
      const { from, to } = gridRange(month);
      return listTopics(from, to, ownerId);
    },
    placeholderData: keepPreviousData,
  });
}

export function usePostOptions(enabled: boolean) {
  return useQuery({ queryKey: topicKeys.posts(), queryFn: postOptions, enabled, staleTime: 30_000 });
}

export function useRefreshTopics() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: topicKeys.all }), [qc]);
}
