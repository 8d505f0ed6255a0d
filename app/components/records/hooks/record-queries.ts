/**
 * The record kit's own queries (a record's attachments, the names its history points at), with
 * their keys in one place.
 */
import { useQuery } from "@tanstack/react-query";
import type { AttachableRecord } from "#core/files/files.ts";
import { recordAttachments } from "../api/attachments-api.ts";

export const attachmentKeys = {
  record: (type: AttachableRecord, id: string) => ["record-attachments", type, id] as const,
};

/** The record's attached files the user may see, newest first. */
export function useRecordAttachments(recordType: AttachableRecord, recordId: string) {
  return useQuery({
    queryKey: attachmentKeys.record(recordType, recordId),
    queryFn: () => recordAttachments(recordType, recordId),
  });
}
