/**
 * Changes to the finances: each refreshes every finance key and tells admins' open finance
 * screens (ids only) through `useFinancesChanged`. Errors are toasted once by the query client,
 * except a new entry's, which its form shows.
 */
import { useMutation } from "@tanstack/react-query";
import type { EntryFormOutput, EntryRow } from "#core/finances/finances.ts";
import { toast } from "#app/lib/toast.ts";
import { createAccount, createEntry, setEntryStatus, setReminderOffsets } from "../api/finances-api.ts";
import { useFinancesChanged } from "./finance-queries.ts";

export function useDecideEntries() {
  const changed = useFinancesChanged();
  return useMutation({
    mutationFn: ({
      ids,
      status,
      reason,
    }: {
      ids: string[];
      status: "approved" | "rejected";
      reason: string | null;
    }) => setEntryStatus(ids, status, reason),
    meta: { errorTitle: "Not changed" },
    onSuccess: (_r, v) => (toast.success(v.status === "approved" ? "Approved" : "Rejected"), changed(v.ids)),
  });
}

export function useSaveReminderOffsets() {
  const changed = useFinancesChanged();
  return useMutation({
    mutationFn: (v: number[]) => setReminderOffsets(v),
    meta: { errorTitle: "Reminders not changed" },
    onSuccess: () => (toast.success("Reminder days saved"), changed([])),
  });
}

export function useAddAccount(onAdded: () => void) {
  const changed = useFinancesChanged();
  return useMutation({
    mutationFn: createAccount,
    meta: { errorTitle: "Account not added" },
    onSuccess: () => (toast.success("Account added"), onAdded(), changed([])),
  });
}

/** Records an entry with its receipts; `approve` approves it at once (admins). */
export function useCreateEntry(
  input: { userId: string | undefined; files: File[]; approve: boolean },
  callbacks: { onSuccess: (entry: EntryRow) => void; onError: (e: Error) => void },
) {
  const changed = useFinancesChanged();
  return useMutation({
    mutationFn: (v: EntryFormOutput) => createEntry(v, input.userId!, input.files, input.approve),
    meta: { toast: false },
    onSuccess: (entry) => {
      changed([entry.id], "created");
      callbacks.onSuccess(entry);
    },
    onError: callbacks.onError,
  });
}
