/**
 * A record's next step as a query: its key is the tasks domain's, so every task change refreshes it.
 */
import { useQuery } from "@tanstack/react-query";
import { loadNextStep, type NextStepLinks } from "./record-next-step-api.ts";
import { taskKeys } from "./tasks/task-keys.ts";

export type { NextStepLinks };

export function useNextStep(links: NextStepLinks) {
  return useQuery({
    queryKey: taskKeys.nextStep(links),
    queryFn: () => loadNextStep(links, new Date()),
  });
}
