/**
 * Server state of the inbox modules (TanStack Query). `inboxKeys` is their one key factory:
 * every key starts with "inbox", so the realtime wiring (a frame of module "inbox": a new
 * submission, a colleague's change) refreshes all of it at once. Mutation errors are toasted once
 * by the query client; after a change the hooks refresh this tab and tell colleagues' tabs (ids only).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { InboxListQuery } from "#core/inbox/inbox-list.ts";
import type { InboxId } from "#core/inbox/inbox-model.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { pokeUser, publishDomainUpdate } from "#app/lib/realtime/index.ts";
import { taskKeys } from "#app/lib/tasks/task-keys.ts";
import {
  addNote,
  convertToContact,
  convertToDeal,
  convertToTask,
  deleteNote,
  getInboxRecord,
  inboxStatusCounts,
  listInbox,
  listNotes,
  listReplies,
  listTemplates,
  replyAddress,
  sendReply,
  updateInboxRecord,
  type InboxPatch,
} from "../api/inbox-api.ts";

/** The inboxes' name on the hub (core/schemas/hub.ts REALTIME_MODULES). */
export const INBOX_REALTIME = "inbox";

export const inboxKeys = {
  all: ["inbox"] as const,
  lists: (inbox: InboxId) => [...inboxKeys.all, inbox, "list"] as const,
  list: (inbox: InboxId, query: InboxListQuery) => [...inboxKeys.lists(inbox), query] as const,
  allCounts: (inbox: InboxId) => [...inboxKeys.all, inbox, "counts"] as const,
  counts: (inbox: InboxId, assignee?: string | null) =>
    [...inboxKeys.allCounts(inbox), assignee ?? null] as const,
  record: (inbox: InboxId, id: string) => [...inboxKeys.all, inbox, "record", id] as const,
  notes: (inbox: InboxId, id: string) => [...inboxKeys.all, inbox, "notes", id] as const,
  replies: (inbox: InboxId, id: string) => [...inboxKeys.all, inbox, "replies", id] as const,
  address: (inbox: InboxId, id: string) => [...inboxKeys.all, inbox, "address", id] as const,
  templates: () => [...inboxKeys.all, "templates"] as const,
  scheduling: () => [...inboxKeys.all, "scheduling"] as const,
  /** Free times a staff member may move an appointment to. */
  slots: (inbox: InboxId, id: string) => [...inboxKeys.scheduling(), "slots", inbox, id] as const,
  matching: () => [...inboxKeys.all, "matching"] as const,
  matches: (of: "request" | "emailed" | "property", id: string) => [...inboxKeys.matching(), of, id] as const,
  dashboard: () => [...inboxKeys.all, "dashboard"] as const,
};

export function useInboxList(inbox: InboxId, query: InboxListQuery) {
  return useQuery({
    queryKey: inboxKeys.list(inbox, query),
    queryFn: () => listInbox(inbox, query),
    placeholderData: keepPreviousData,
  });
}

export function useInboxCounts(inbox: InboxId, assignee?: string | null) {
  return useQuery({
    queryKey: inboxKeys.counts(inbox, assignee),
    queryFn: () => inboxStatusCounts(inbox, assignee),
  });
}

export function useInboxRecord(inbox: InboxId, id: string | null) {
  return useQuery({
    queryKey: inboxKeys.record(inbox, id ?? "none"),
    queryFn: () => getInboxRecord(inbox, id!),
    enabled: !!id,
  });
}

export function useNotes(inbox: InboxId, id: string) {
  return useQuery({ queryKey: inboxKeys.notes(inbox, id), queryFn: () => listNotes(inbox, id) });
}

export function useReplies(inbox: InboxId, id: string) {
  return useQuery({ queryKey: inboxKeys.replies(inbox, id), queryFn: () => listReplies(inbox, id) });
}

export function useReplyAddress(inbox: InboxId, id: string, enabled = true) {
  return useQuery({
    queryKey: inboxKeys.address(inbox, id),
    queryFn: () => replyAddress(inbox, id),
    enabled,
  });
}

export function useTemplates() {
  return useQuery({ queryKey: inboxKeys.templates(), queryFn: listTemplates, staleTime: 5 * 60_000 });
}

/** Refreshes what shows inbox records in this tab (lists, counts, the records, their history). */
export function useRefreshInbox() {
  const qc = useQueryClient();
  return useCallback(
    (inbox?: InboxId, ids: readonly string[] = []) => {
      if (!inbox) {
        void qc.invalidateQueries({ queryKey: inboxKeys.all });
        return;
      }
      void qc.invalidateQueries({ queryKey: inboxKeys.lists(inbox) });
      void qc.invalidateQueries({ queryKey: inboxKeys.allCounts(inbox) });
      void qc.invalidateQueries({ queryKey: inboxKeys.dashboard() });
      void qc.invalidateQueries({ queryKey: inboxKeys.scheduling() });
      for (const id of ids) {
        void qc.invalidateQueries({ queryKey: inboxKeys.record(inbox, id) });
        void qc.invalidateQueries({ queryKey: inboxKeys.replies(inbox, id) });
        void qc.invalidateQueries({ queryKey: inboxKeys.notes(inbox, id) });
        void qc.invalidateQueries({ queryKey: historyKeys.record(inbox, id) });
      }
    },
    [qc],
  );
}

/** After a change: refresh this tab and tell colleagues' tabs (their frames carry ids only). */
export function useInboxChanged() {
  const refresh = useRefreshInbox();
  return useCallback(
    (inbox: InboxId, id: string, action: RecordUpdateAction = "updated") => {
      refresh(inbox, [id]);
      publishDomainUpdate(INBOX_REALTIME, action, [id]);
    },
    [refresh],
  );
}

/**
 * Changes a record's status, assignee or time (the database checks the workflow, who may be
 * assigned and the host's calendar). A new assignee's notification (database trigger) is poked
 * so their bell shows it at once; a status or time change queues the visitor's e-mail, so the
 * mail jobs are kicked.
 */
export function useUpdateInboxRecord(inbox: InboxId) {
  const changed = useInboxChanged();
  return useMutation({
    mutationFn: ({ id, version, patch }: { id: string; version: string; patch: InboxPatch }) =>
      updateInboxRecord(inbox, id, version, patch),
    meta: { errorTitle: "Not saved" },
    onSuccess: (row, { patch }) => {
      changed(inbox, row.id);
      if (patch.assignee_id) pokeUser(patch.assignee_id, undefined, "inbox_assigned");
      if (patch.status || patch.starts_at || patch.assignee_id) kickJobs();
    },
  });
}

export function useAddNote(inbox: InboxId, id: string) {
  const changed = useInboxChanged();
  return useMutation({
    mutationFn: ({ authorId, body }: { authorId: string; body: string }) =>
      addNote(inbox, id, authorId, body),
    meta: { errorTitle: "Note not saved" },
    onSuccess: () => changed(inbox, id),
  });
}

export function useDeleteNote(inbox: InboxId, id: string) {
  const changed = useInboxChanged();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(noteId),
    meta: { errorTitle: "Note not deleted" },
    onSuccess: () => changed(inbox, id),
  });
}

export function useSendReply(inbox: InboxId, id: string) {
  const changed = useInboxChanged();
  return useMutation({
    mutationFn: ({ subject, body }: { subject: string; body: string }) => sendReply(inbox, id, subject, body),
    meta: { errorTitle: "Reply not sent" },
    onSuccess: () => {
      changed(inbox, id);
      kickJobs();
    },
  });
}

/** Converts the record into a business contact (or links the existing one) / opens a deal. */
export function useConvertInbox(inbox: InboxId, id: string) {
  const changed = useInboxChanged();
  const qc = useQueryClient();
  const contact = useMutation({
    mutationFn: () => convertToContact(inbox, id),
    meta: { errorTitle: "Not converted" },
    onSuccess: () => changed(inbox, id),
  });
  const deal = useMutation({
    mutationFn: () => convertToDeal(inbox, id),
    meta: { errorTitle: "No deal opened" },
    onSuccess: () => changed(inbox, id),
  });
  const task = useMutation({
    mutationFn: () => convertToTask(inbox, id),
    meta: { errorTitle: "No task created" },
    // The record's notes (the conversion is noted there) and any tasks list open elsewhere.
    onSuccess: () => (changed(inbox, id), void qc.invalidateQueries({ queryKey: taskKeys.all })),
  });
  return { contact, deal, task };
}
