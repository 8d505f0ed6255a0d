/**
 * Everything the portal's first screen shows, read in one go — and kept on this device for the
 * signed-in partner, so a reload without network shows what was last seen (marked offline,
 * read-only). The kept copy is parsed again before it is shown (another build may have written
 * it), belongs to one user and is deleted on sign-out (app/lib/offline/offline-store.ts).
 */
import * as v from "valibot";
import {
  agreementRowSchema,
  coBrokeDealRowSchema,
  partnerMessageRowSchema,
  registrationWithListingSchema,
  sharedListingSchema,
} from "#core/collaboration-management/partner-rows.ts";
import { isNetworkError, readOffline, writeOffline } from "#app/lib/offline/offline-store.ts";
import {
  myAgreements,
  myDeals,
  myMessages,
  myPartner,
  myRegistrations,
  partnerSchema,
  sharedListings,
} from "./portal-api.ts";

const portalDataSchema = v.object({
  partner: v.nullable(partnerSchema),
  listings: v.array(sharedListingSchema),
  registrations: v.array(registrationWithListingSchema),
  deals: v.array(coBrokeDealRowSchema),
  agreements: v.array(agreementRowSchema),
  messages: v.array(partnerMessageRowSchema),
});
export type PortalData = v.InferOutput<typeof portalDataSchema>;

const keptSchema = v.object({ savedAt: v.number(), data: portalDataSchema });
export const PORTAL_STORE_KEY = "partner-portal";

export interface LoadedPortal {
  data: PortalData;
  /** When the copy shown was kept (ms since the epoch); null when it is fresh from the network. */
  offlineSince: number | null;
}

/** The portal's data from the network, or — without one — the copy last kept on this device. */
export async function loadPortal(userId: string): Promise<LoadedPortal> {
  try {
    const [partner, listings, registrations, deals, agreements, messages] = await Promise.all([
      myPartner(),
      sharedListings(),
      myRegistrations(),
      myDeals(),
      myAgreements(),
      myMessages(),
    ]);
    const data = { partner, listings, registrations, deals, agreements, messages };
    void writeOffline(userId, PORTAL_STORE_KEY, { savedAt: Date.now(), data });
    return { data, offlineSince: null };
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const kept = v.safeParse(keptSchema, await readOffline(userId, PORTAL_STORE_KEY));
    if (!kept.success) throw err;
    return { data: kept.output.data, offlineSince: kept.output.savedAt };
  }
}
