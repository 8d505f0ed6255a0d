/**
 * Before signing out: outcomes still waiting in the leads hunt's outbox would be deleted with the
 * rest of the device's offline data, so the user is asked first. Cleared here (not only on the
 * sign-out event) so nothing of theirs stays even if the sign-out request itself fails.
 */
import { OUTBOX_STORE_KEY, parseOutbox, unsyncedWarning } from "#core/leads-hunt/outbox-queue.ts";
import { clearOfflineData, readOffline } from "./offline-store.ts";

/** False when the user chose to stay signed in. */
export async function confirmSignOut(userId: string | undefined): Promise<boolean> {
  if (userId) {
    const warning = unsyncedWarning(parseOutbox(await readOffline(userId, OUTBOX_STORE_KEY)).items);
    if (warning && !window.confirm(warning)) return false;
  }
  await clearOfflineData();
  return true;
}
