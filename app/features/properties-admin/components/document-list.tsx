/**
 * A listing's documents (title certificate, site plan, indenture…), kept in a private bucket and
 * seen by staff only: upload with a kind, a title and progress (wrong type or size refused with
 * the limit named), open through a one-minute signed link, remove.
 */
import { useQueryClient } from "@tanstack/react-query";
import { DownloadIcon, FileTextIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { fileProblem, formatBytes } from "#core/records/file-rules.ts";
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_RULES,
  documentTitleSchema,
  type DocumentKind,
  type ListingDocument,
} from "#core/properties/property-media.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { useFormatters } from "#app/lib/format.ts";
import { documentUrl } from "../api/documents-api.ts";
import { useRemoveDocument, useUploadDocument } from "../hooks/property-mutations.ts";
import { propertyKeys, useDocuments } from "../hooks/property-queries.ts";

export function DocumentList({ propertyId }: { propertyId: string }) {
  const docs = useDocuments(propertyId);
  const qc = useQueryClient();
  const fmt = useFormatters();
  const fileId = useId();
  const [kind, setKind] = useState<DocumentKind>("title");
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: propertyKeys.documents(propertyId) });

  const upload = useUploadDocument(propertyId, (p) => setProgress(Math.round((p.loaded / p.total) * 100)), {
    onSuccess: () => {
      toast.success("Document added");
      setTitle("");
      setFile(null);
    },
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const remove = useRemoveDocument({
    onSettled: refresh,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = documentTitleSchema.safeParse(title.trim() || DOCUMENT_KIND_LABELS[kind]);
    const problems = {
      title: t.success ? undefined : t.error.issues[0]?.message,
      file: file ? (fileProblem(file, DOCUMENT_RULES) ?? undefined) : "Choose a file",
    };
    setErrors(problems);
    if (!t.success || problems.file || !file) return;
    upload.mutate({ file, kind, title: t.data });
  };

  const open = async (doc: ListingDocument) => {
    try {
      window.open(await documentUrl(doc), "_blank", "noopener");
    } catch (err) {
      toastError(err, { errorTitle: "Could not open the document" });
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${fileId}-heading`}>
      <h2 id={`${fileId}-heading`} className="text-lg font-semibold">
        Documents
      </h2>
      <p className="text-sm text-muted-foreground">
        Staff only: never on the public site. PDF, JPEG, PNG or WebP, up to{" "}
        {formatBytes(DOCUMENT_RULES.maxBytes)}.
      </p>

      <form
        noValidate
        onSubmit={submit}
        aria-label="Add a document"
        className="grid items-end gap-4 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label="Kind">
          <NativeSelect value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Title" error={errors.title} description="Empty = the kind.">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field label="File" error={errors.file} id={fileId}>
          <Input
            type="file"
            accept={Object.keys(DOCUMENT_RULES.types).join(",")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Button type="submit" disabled={upload.isPending}>
          <UploadIcon aria-hidden="true" />
          Upload
        </Button>
        {progress !== null && (
          <Progress
            value={progress}
            aria-label="Uploading the document"
            className="sm:col-span-2 lg:col-span-4"
          />
        )}
      </form>

      {docs.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : docs.isError ? (
        <Alert variant="destructive">
          Could not load the documents: {describeDbError(docs.error).message}
        </Alert>
      ) : docs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No documents yet.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Documents of this listing">
          {docs.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <FileTextIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{d.title}</span>
                <span className="text-muted-foreground">
                  {DOCUMENT_KIND_LABELS[d.kind]} · {d.file_name} · {formatBytes(d.size_bytes)} ·{" "}
                  {fmt.date(d.created_at)}
                </span>
              </div>
              <Button variant="outline" size="sm" onClick={() => void open(d)} aria-label={`Open ${d.title}`}>
                <DownloadIcon aria-hidden="true" />
                Open
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                onClick={() => remove.mutate(d)}
                aria-label={`Remove ${d.title}`}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
