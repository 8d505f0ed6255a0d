/**
 * /files (staff and admins; the shell refuses people without a back-office role):
 * a folder list (all files, each folder, the trash), a drop zone and an "Upload files" button
 * (several at once, each with its progress; a forbidden type or size is refused naming the
 * limit), and the table of files with preview (images), download, share (a signed link that
 * expires after the chosen time), attach to a record, rename, move and delete to the trash;
 * the trash restores for 30 days or deletes for good. Every row comes through RLS.
 */
import { FolderIcon, FilesIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useState, type DragEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { daysLeftInTrash, FILE_RULES, restorable, type StoredFile } from "#core/files/files.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { cn } from "#app/lib/utils.ts";
import { deleteForGood, restoreFile, trashFile, uploadFile, type FilesView } from "./api/files-api.ts";
import { FileActions, NewFolderButton } from "./components/file-dialogs.tsx";
import { useAttachmentLabels, useFiles, useFolders, useRefreshFiles } from "./hooks/file-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

interface Upload {
  key: string;
  name: string;
  percent: number;
}

const ACCEPT = Object.keys(FILE_RULES.types).join(",");

export default function FilesPage() {
  const fmt = useFormatters();
  const [view, setView] = useState<FilesView>({ kind: "all" });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const folders = useFolders();
  const files = useFiles(view);
  const labels = useAttachmentLabels(files.data);
  const refresh = useRefreshFiles();
  const folderId = view.kind === "folder" ? view.folderId : null;
  const folderName = (id: string | null) => folders.data?.find((f) => f.id === id)?.name;

  const upload = async (list: FileList | File[]) => {
    const chosen = [...list];
    if (view.kind === "trash") setView({ kind: "all" });
    await Promise.all(
      chosen.map(async (file) => {
        const key = crypto.randomUUID();
        setUploads((u) => [...u, { key, name: file.name, percent: 0 }]);
        try {
          await uploadFile(file, folderId, (p) =>
            setUploads((u) =>
              u.map((x) =>
                x.key === key ? { ...x, percent: Math.round((p.loaded / Math.max(1, p.total)) * 100) } : x,
              ),
            ),
          );
          toast.success(`Uploaded “${file.name}”`);
        } catch (err) {
          toast.error("Not uploaded", { description: describeDbError(err).message });
        } finally {
          setUploads((u) => u.filter((x) => x.key !== key));
        }
      }),
    );
    await refresh();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) void upload(e.dataTransfer.files);
  };

  const act = async (what: () => Promise<void>, done: string) => {
    try {
      await what();
      toast.success(done);
    } catch (err) {
      toast.error("Not done", { description: describeDbError(err).message });
    }
    await refresh();
  };

  const title =
    view.kind === "trash"
      ? "Trash"
      : view.kind === "folder"
        ? (folderName(view.folderId) ?? "Folder")
        : "All files";

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Files</h1>
        <div className="ml-auto flex gap-2">
          <NewFolderButton onCreated={refresh} />
          <PrimaryAction asChild>
            <label>
              <UploadIcon aria-hidden="true" />
              Upload files
              <input
                type="file"
                multiple
                accept={ACCEPT}
                className="sr-only"
                aria-label="Upload files"
                onChange={(e) => {
                  if (e.target.files?.length) void upload(e.target.files);
                  e.target.value = "";
                }}
              />
            </label>
          </PrimaryAction>
        </div>
      </header>
      <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Folders" className="flex flex-col gap-1">
          <FolderLink
            active={view.kind === "all"}
            onClick={() => setView({ kind: "all" })}
            label="All files"
          />
          {folders.data?.map((f) => (
            <FolderLink
              key={f.id}
              active={view.kind === "folder" && view.folderId === f.id}
              onClick={() => setView({ kind: "folder", folderId: f.id })}
              label={f.name}
            />
          ))}
          <FolderLink
            active={view.kind === "trash"}
            onClick={() => setView({ kind: "trash" })}
            label="Trash"
            trash
          />
        </nav>
        <section aria-label={title} className="flex min-w-0 flex-col gap-3">
          <h2 className="text-lg font-semibold">{title}</h2>
          {view.kind !== "trash" && (
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="drop-zone"
              className={cn(
                "rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground",
                dragging && "border-primary bg-primary/5",
              )}
            >
              Drop files here to upload them{view.kind === "folder" ? ` into “${title}”` : ""}. PDF, images,
              Word, Excel, CSV or text; at most {formatBytes(FILE_RULES.maxBytes)} each.
            </div>
          )}
          {uploads.length > 0 && (
            <ul aria-label="Uploads in progress" className="flex flex-col gap-2">
              {uploads.map((u) => (
                <li key={u.key} className="flex items-center gap-3 text-sm">
                  <span className="w-48 truncate">{u.name}</span>
                  <Progress value={u.percent} aria-label={`Uploading ${u.name}`} className="flex-1" />
                  <span className="w-10 text-right tabular-nums">{u.percent}%</span>
                </li>
              ))}
            </ul>
          )}
          {files.isError && (
            <Alert variant="destructive">
              Could not load the files: {describeDbError(files.error).message}
            </Alert>
          )}
          {files.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <Table stacked aria-label={`Files in ${title}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="text-right">Size</TableHead>
                  <TableHead>{view.kind === "trash" ? "Deleted" : "Uploaded"}</TableHead>
                  <TableHead>{view.kind === "trash" ? "Restorable" : "Folder / attached to"}</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(files.data ?? []).map((f: StoredFile) => (
                  <TableRow key={f.id} data-file={f.name}>
                    <TableCell data-label="" className="max-w-[22rem] truncate font-medium">
                      {f.name}
                    </TableCell>
                    <TableCell data-label="Size" className="text-right tabular-nums">
                      {formatBytes(f.size_bytes)}
                    </TableCell>
                    <TableCell data-label={view.kind === "trash" ? "Deleted" : "Uploaded"}>
                      {fmt.dateTime(view.kind === "trash" ? f.deleted_at! : f.created_at)}
                    </TableCell>
                    {view.kind === "trash" ? (
                      <TableCell data-label="Restorable">
                        {restorable(f.deleted_at!)
                          ? `${daysLeftInTrash(f.deleted_at!)} days left`
                          : "No longer"}
                      </TableCell>
                    ) : (
                      <TableCell data-label="Folder / attached to" className="text-sm">
                        {f.folder_id && (
                          <div className="text-muted-foreground">{folderName(f.folder_id)}</div>
                        )}
                        {f.file_attachments.map((a) => (
                          <div key={a.id}>{labels.data?.[a.id] ?? "…"}</div>
                        ))}
                      </TableCell>
                    )}
                    <TableCell data-label="" className="text-right">
                      {view.kind === "trash" ? (
                        <div className="flex justify-end gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={!restorable(f.deleted_at!)}
                            onClick={() => void act(() => restoreFile(f.id), `Restored “${f.name}”`)}
                          >
                            Restore<span className="sr-only"> {f.name}</span>
                          </Button>
                          <Button
                            size="sm"
                            variant="destructive"
                            onClick={() => void act(() => deleteForGood(f), `Deleted “${f.name}” for good`)}
                          >
                            Delete for good<span className="sr-only"> {f.name}</span>
                          </Button>
                        </div>
                      ) : (
                        <FileActions
                          file={f}
                          folders={folders.data ?? []}
                          labels={labels.data ?? {}}
                          onChanged={refresh}
                          onTrash={() => void act(() => trashFile(f.id), `Moved “${f.name}” to the trash`)}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
                {files.data?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} className="text-muted-foreground">
                      {view.kind === "trash"
                        ? "The trash is empty."
                        : "No files here yet: drop some above or use “Upload files”."}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          )}
        </section>
      </div>
    </div>
  );
}

function FolderLink({
  active,
  onClick,
  label,
  trash,
}: {
  active: boolean;
  onClick: () => void;
  label: string;
  trash?: boolean;
}) {
  const Icon = trash ? Trash2Icon : label === "All files" ? FilesIcon : FolderIcon;
  return (
    <Button
      variant={active ? "secondary" : "ghost"}
      className="justify-start"
      aria-current={active ? "page" : undefined}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
      <span className="truncate">{label}</span>
    </Button>
  );
}
