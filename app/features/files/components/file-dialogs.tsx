/**
 * The Files page's per-file actions and their dialogs: preview (images, and PDFs in a frame, through a short signed
 * link), download, share (a signed link that expires after 1 hour, 1 day or 7 days — anyone with
 * it can download until then, so the dialog says when it stops working), attach to a listing,
 * contact, deal or invoice (searched under the user's own access), rename, move to a folder,
 * delete to the trash; and "New folder". Names are checked with core's schemas before saving.
 */
import { MoreHorizontalIcon, FolderPlusIcon } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import {
  ATTACHABLE_LABELS,
  ATTACHABLE_RECORDS,
  fileNameSchema,
  folderNameSchema,
  isPreviewable,
  isPreviewableImage,
  SHARE_DURATIONS,
  type AttachableRecord,
  type FileFolder,
  type StoredFile,
} from "#core/files/files.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useFormatters } from "#app/lib/format.ts";
import {
  attachFile,
  createFolder,
  detachFile,
  moveFile,
  renameFile,
  searchRecords,
  signedLink,
  type RecordHit,
} from "../api/files-api.ts";

/** Preview and download links live one minute: enough to open, too short to pass around. */
const OPEN_SECONDS = 60;

type DialogKind = "preview" | "share" | "attach" | "rename" | "move" | null;

export function FileActions({
  file,
  folders,
  labels,
  onChanged,
  onTrash,
}: {
  file: StoredFile;
  folders: FileFolder[];
  labels: Record<string, string>;
  onChanged: () => unknown;
  onTrash: () => void;
}) {
  const [open, setOpen] = useState<DialogKind>(null);
  const close = () => setOpen(null);
  const download = async () => {
    try {
      window.location.assign(await signedLink(file, OPEN_SECONDS, true));
    } catch (err) {
      toast.error("Not downloaded", { description: describeDbError(err).message });
    }
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="ghost" aria-label={`Actions for ${file.name}`}>
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {isPreviewable(file.mime_type) && (
            <DropdownMenuItem onSelect={() => setOpen("preview")}>Preview</DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void download()}>Download</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen("share")}>Share a link…</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen("attach")}>Attach to a record…</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen("rename")}>Rename…</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen("move")}>Move to a folder…</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={onTrash}>
            Move to the trash
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open !== null} onOpenChange={(o) => !o && close()}>
        {open === "preview" && <PreviewDialog file={file} />}
        {open === "share" && <ShareDialog file={file} />}
        {open === "attach" && <AttachDialog file={file} labels={labels} onChanged={onChanged} />}
        {open === "rename" && <RenameDialog file={file} onDone={() => (close(), onChanged())} />}
        {open === "move" && (
          <MoveDialog file={file} folders={folders} onDone={() => (close(), onChanged())} />
        )}
      </Dialog>
    </>
  );
}

function PreviewDialog({ file }: { file: StoredFile }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let blobUrl: string | null = null;
    (async () => {
      const signed = await signedLink(file, OPEN_SECONDS, false);
      if (isPreviewableImage(file.mime_type)) return signed;
      // Storage serves a PDF as a download under a sandboxing CSP (the browser will not show it in a
      // frame): read it through the short signed link and frame our own copy, typed as a PDF.
      const res = await fetch(signed);
      if (!res.ok) throw new Error(`The file could not be read (${res.status})`);
      blobUrl = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: "application/pdf" }));
      return blobUrl;
    })().then(
      (url) => live && setSrc(url),
      (err: unknown) =>
        live &&
        setError(err instanceof Error && !("code" in err) ? err.message : describeDbError(err).message),
    );
    return () => {
      live = false;
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [file]);
  const view = !src ? (
    <p>Loading…</p>
  ) : isPreviewableImage(file.mime_type) ? (
    <img src={src} alt={`Preview of ${file.name}`} className="max-h-[70vh] w-full object-contain" />
  ) : (
    <iframe src={src} title={`Preview of ${file.name}`} className="h-[70vh] w-full rounded border" />
  );
  return (
    <DialogContent className="max-w-3xl">
      <DialogHeader>
        <DialogTitle>{file.name}</DialogTitle>
        <DialogDescription>Preview</DialogDescription>
      </DialogHeader>
      {error ? <p role="alert">{error}</p> : view}
    </DialogContent>
  );
}

function ShareDialog({ file }: { file: StoredFile }) {
  const fmt = useFormatters();
  const [seconds, setSeconds] = useState<number>(SHARE_DURATIONS[1].seconds);
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const url = await signedLink(file, seconds, true);
      setLink({ url, expires: new Date(Date.now() + seconds * 1000).toISOString() });
    } catch (err) {
      toast.error("No link made", { description: describeDbError(err).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Share “{file.name}”</DialogTitle>
        <DialogDescription>Anyone with the link can download the file until it expires.</DialogDescription>
      </DialogHeader>
      <form onSubmit={create} className="flex flex-col gap-3">
        <Label htmlFor="share-duration">Link works for</Label>
        <NativeSelect
          id="share-duration"
          value={seconds}
          onChange={(e) => (setSeconds(Number(e.target.value)), setLink(null))}
        >
          {SHARE_DURATIONS.map((d) => (
            <option key={d.seconds} value={d.seconds}>
              {d.label}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" disabled={busy}>
          Create link
        </Button>
      </form>
      {link && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="share-link">Share link</Label>
          <Input id="share-link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          <p className="text-sm text-muted-foreground" data-testid="share-expiry">
            Expires {fmt.dateTime(link.expires)}.
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(link.url).then(() => toast.success("Link copied"))
            }
          >
            Copy link
          </Button>
        </div>
      )}
    </DialogContent>
  );
}

function AttachDialog({
  file,
  labels,
  onChanged,
}: {
  file: StoredFile;
  labels: Record<string, string>;
  onChanged: () => unknown;
}) {
  const [kind, setKind] = useState<AttachableRecord>("property");
  const [term, setTerm] = useState("");
  const [hits, setHits] = useState<RecordHit[] | null>(null);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setHits(await searchRecords(kind, term));
    } catch (err) {
      toast.error("Search failed", { description: describeDbError(err).message });
    }
  };
  const attach = async (hit: RecordHit) => {
    try {
      await attachFile(file.id, kind, hit.id);
      toast.success(`Attached to ${ATTACHABLE_LABELS[kind].toLowerCase()} “${hit.label}”`);
      await onChanged();
    } catch (err) {
      toast.error("Not attached", {
        description: describeDbError(err, {
          constraints: {
            file_attachments_file_id_record_type_record_id_key: {
              message: "It is already attached to that record.",
            },
          },
        }).message,
      });
    }
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Attach “{file.name}”</DialogTitle>
        <DialogDescription>To a listing, contact, deal or invoice you can see.</DialogDescription>
      </DialogHeader>
      {file.file_attachments.length > 0 && (
        <ul aria-label="Attached to" className="flex flex-col gap-1 text-sm">
          {file.file_attachments.map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-2">
              {labels[a.id] ?? ATTACHABLE_LABELS[a.record_type]}
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  void detachFile(a.id).then(onChanged, (err: unknown) =>
                    toast.error("Not detached", { description: describeDbError(err).message }),
                  )
                }
              >
                Detach
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={search} className="grid grid-cols-[8rem_1fr_auto] items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="attach-kind">Record</Label>
          <NativeSelect
            id="attach-kind"
            value={kind}
            onChange={(e) => (setKind(e.target.value as AttachableRecord), setHits(null))}
          >
            {ATTACHABLE_RECORDS.map((k) => (
              <option key={k} value={k}>
                {ATTACHABLE_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="attach-search">Search</Label>
          <Input
            id="attach-search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="Title, name or number"
          />
        </div>
        <Button type="submit">Find</Button>
      </form>
      {hits && (
        <ul aria-label="Matching records" className="flex max-h-64 flex-col gap-1 overflow-auto">
          {hits.map((h) => (
            <li key={h.id}>
              <Button variant="outline" className="w-full justify-start" onClick={() => void attach(h)}>
                Attach to {h.label}
              </Button>
            </li>
          ))}
          {hits.length === 0 && (
            <li className="text-sm text-muted-foreground">Nothing matches among the records you can see.</li>
          )}
        </ul>
      )}
    </DialogContent>
  );
}

function RenameDialog({ file, onDone }: { file: StoredFile; onDone: () => void }) {
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = fileNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await renameFile(file.id, parsed.data);
      toast.success("Renamed");
      onDone();
    } catch (err) {
      setError(describeDbError(err).message);
    }
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Rename “{file.name}”</DialogTitle>
        <DialogDescription>The stored file stays the same; only its name changes.</DialogDescription>
      </DialogHeader>
      <form onSubmit={save} className="flex flex-col gap-3">
        <Label htmlFor="file-name">Name</Label>
        <Input
          id="file-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? "file-name-error" : undefined}
        />
        {error && (
          <p id="file-name-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="submit">Save name</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function MoveDialog({
  file,
  folders,
  onDone,
}: {
  file: StoredFile;
  folders: FileFolder[];
  onDone: () => void;
}) {
  const [target, setTarget] = useState(file.folder_id ?? "");
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await moveFile(file.id, target || null);
      toast.success("Moved");
      onDone();
    } catch (err) {
      toast.error("Not moved", { description: describeDbError(err).message });
    }
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Move “{file.name}”</DialogTitle>
        <DialogDescription>Choose its folder.</DialogDescription>
      </DialogHeader>
      <form onSubmit={save} className="flex flex-col gap-3">
        <Label htmlFor="move-folder">Folder</Label>
        <NativeSelect id="move-folder" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">No folder</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </NativeSelect>
        <DialogFooter>
          <Button type="submit">Move</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

export function NewFolderButton({ onCreated }: { onCreated: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = folderNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await createFolder(parsed.data);
      toast.success(`Folder “${parsed.data}” created`);
      setOpen(false);
      setName("");
      setError(null);
      await onCreated();
    } catch (err) {
      setError(describeDbError(err).message);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FolderPlusIcon aria-hidden="true" />
        New folder
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New folder</DialogTitle>
          <DialogDescription>Folders group your files; a file lives in one folder or none.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="flex flex-col gap-3">
          <Label htmlFor="folder-name">Folder name</Label>
          <Input
            id="folder-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!error}
          />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit">Create folder</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
