/** Server state of the files module: every key starts with "files", so one refresh covers the page. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { StoredFile } from "#core/files/files.ts";
import { attachmentLabels, listFiles, listFolders, type FilesView } from "../api/files-api.ts";

export const filesKeys = {
  all: ["files"] as const,
  folders: () => [...filesKeys.all, "folders"] as const,
  list: (v: FilesView) => [...filesKeys.all, "list", v] as const,
  labels: (attachmentIds: readonly string[]) => [...filesKeys.all, "labels", attachmentIds] as const,
};

export const useFolders = () => useQuery({ queryKey: filesKeys.folders(), queryFn: listFolders });
export const useFiles = (view: FilesView) =>
  useQuery({ queryKey: filesKeys.list(view), queryFn: () => listFiles(view) });

/** The names of the records the listed files are attached to (asked once the files are known). */
export function useAttachmentLabels(files: readonly StoredFile[] | undefined) {
  return useQuery({
    queryKey: filesKeys.labels(files?.flatMap((f) => f.file_attachments.map((a) => a.id)) ?? []),
    queryFn: () => attachmentLabels(files!.flatMap((f) => f.file_attachments)),
    enabled: !!files,
  });
}

/** Refreshes everything the files page shows; resolves when the refetch is done. */
export function useRefreshFiles() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: filesKeys.all });
}
