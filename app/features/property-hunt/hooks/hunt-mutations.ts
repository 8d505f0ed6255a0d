/**
 * Mutations of a hunt's owner contact, photos and acquisition, and the owner contact's name (a
 * key of the hunt's factory). The caller passes what follows the outcome.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { contactName } from "#app/lib/contact-lookup-api.ts";
import type { MutationCallbacks as After } from "#app/lib/query-client.ts";
import { acquireHunt } from "../api/acquire-api.ts";
import { listHuntPhotos, removeHuntPhoto, type HuntPhoto } from "../api/hunt-photos-api.ts";
import { linkOwnerContact, ownerContactFromDetails } from "../api/owner-contact-api.ts";
import { huntKeys } from "./hunt-queries.ts";

/** The display name of the hunt's owner contact, when one is linked. */
export const useOwnerContactName = (contactId: string | null) =>
  useQuery({
    queryKey: [...huntKeys.all, "owner-contact-name", contactId] as const,
    queryFn: () => contactName(contactId!),
    enabled: !!contactId,
  });

export const useLinkOwnerContact = (huntId: string, after: After<void, string | null>) =>
  useMutation({
    mutationFn: (id: string | null) => linkOwnerContact(huntId, id),
    meta: { errorTitle: "Owner contact not linked" },
    ...after,
  });

export const useOwnerContactFromDetails = (
  row: HuntRow,
  after: After<{ contactId: string; created: boolean }>,
) =>
  useMutation({
    mutationFn: () => ownerContactFromDetails(row),
    meta: { errorTitle: "Owner contact not added" },
    ...after,
  });

export const useRemoveHuntPhoto = (after: After<void, HuntPhoto>) =>
  useMutation({
    mutationFn: (p: HuntPhoto) => removeHuntPhoto(p),
    meta: { errorTitle: "Photo not removed" },
    ...after,
  });

/** Acquires the hunt: copies its photos into a new draft listing (progress per photo). */
export const useAcquireHunt = (
  huntId: string,
  onProgress: (done: number, total: number) => void,
  after: After<string>,
) =>
  useMutation({
    mutationFn: async () => acquireHunt(huntId, await listHuntPhotos(huntId), onProgress),
    meta: { errorTitle: "Not acquired" },
    ...after,
  });
