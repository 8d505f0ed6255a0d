/**
 * The name of a record another one links to — a contact's name, a listing's title — for the
 * records that show such links (tasks, events, inbox items): cached per id, none asked without one.
 */
import { useQuery } from "@tanstack/react-query";
import { contactName } from "./contact-lookup-api.ts";
import { propertyName } from "./property-lookup-api.ts";

export const recordLookupKeys = {
  all: ["record-lookup"] as const,
  contactName: (id: string | null) => ["record-lookup", "contact", id] as const,
  listingTitle: (id: string | null | undefined) => ["record-lookup", "listing", id ?? null] as const,
};

export function useContactName(id: string | null) {
  return useQuery({
    queryKey: recordLookupKeys.contactName(id),
    queryFn: () => contactName(id!),
    enabled: !!id,
  });
}

export function useListingTitle(id: string | null | undefined) {
  return useQuery({
    queryKey: recordLookupKeys.listingTitle(id),
    queryFn: () => propertyName(id!),
    enabled: !!id,
  });
}
