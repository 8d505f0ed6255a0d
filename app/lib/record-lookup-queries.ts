/**
 * The name of a contact another record links to, for the records that show such links (tasks,
 * events): cached per id, none asked without one.
 */
import { useQuery } from "@tanstack/react-query";
import { contactName } from "./contact-lookup-api.ts";

export const recordLookupKeys = {
  all: ["record-lookup"] as const,
  contactName: (id: string | null) => ["record-lookup", "contact", id] as const,
};

export function useContactName(id: string | null) {
  return useQuery({
    queryKey: recordLookupKeys.contactName(id),
    queryFn: () => contactName(id!),
    enabled: !!id,
  });
}
