/**
 * A listing's photos: upload (several at once, each with a progress bar; the wrong type or size
 * refused before sending, with the limit named), order by drag and drop or with the keyboard
 * (@dnd-kit sortable: focus a photo's handle, Space, arrows, Space) or the Earlier/Later buttons,
 * the first photo is the cover ("Make cover" moves one there), alt text per photo, removal.
 * A new order is saved in one statement and rolled back on screen if the save fails.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  GripVerticalIcon,
  ImagePlusIcon,
  StarIcon,
  Trash2Icon,
} from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { fileProblem, formatBytes } from "#core/records/file-rules.ts";
import { ALT_TEXT_MAX_LENGTH, altTextSchema, PHOTO_RULES } from "#core/properties/property-media.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { PhotoWithUrl } from "../api/photos-api.ts";
import {
  useRemovePhoto,
  useReorderPhotos,
  useSaveAltText,
  useUploadPhoto,
} from "../hooks/property-mutations.ts";
import { propertyKeys, useInvalidateProperty, usePhotos } from "../hooks/property-queries.ts";

interface Upload {
  key: string;
  name: string;
  loaded: number;
  total: number;
}

export function PhotoManager({ propertyId, title }: { propertyId: string; title: string }) {
  const photos = usePhotos(propertyId);
  const qc = useQueryClient();
  const invalidateListing = useInvalidateProperty();
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  // The order on screen while a new order is being saved (null: the server's order).
  const [order, setOrder] = useState<string[] | null>(null);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
    invalidateListing(propertyId);
  };

  const upload = useUploadPhoto(
    propertyId,
    (key, p) =>
      setUploads((u) => u.map((x) => (x.key === key ? { ...x, loaded: p.loaded, total: p.total } : x))),
    {
      onSettled: (_d, _e, { key }) => {
        setUploads((u) => u.filter((x) => x.key !== key));
        refresh();
      },
    },
  );

  const reorder = useReorderPhotos(propertyId, {
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: propertyKeys.photos(propertyId) });
      setOrder(null);
      invalidateListing(propertyId);
    },
  });

  const remove = useRemovePhoto({
    onSuccess: () => toast.success("Photo removed"),
    onSettled: refresh,
  });

  const list = photos.data ?? [];
  const shown = order
    ? order.map((id) => list.find((p) => p.id === id)).filter((p): p is PhotoWithUrl => !!p)
    : list;

  const saveOrder = (ids: string[]) => {
    setOrder(ids);
    reorder.mutate(ids);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= shown.length || from === to) return;
    saveOrder(
      arrayMove(
        shown.map((p) => p.id),
        from,
        to,
      ),
    );
  };

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = "";
    const problems = files.flatMap((f) => {
      const p = fileProblem(f, PHOTO_RULES);
      return p ? [p] : [];
    });
    setRefused(problems);
    const accepted = files.filter((f) => !fileProblem(f, PHOTO_RULES));
    let position = list.reduce((max, p) => Math.max(max, p.position + 1), 0);
    const queued = accepted.map((file) => ({ file, key: crypto.randomUUID(), position: position++ }));
    setUploads((u) => [
      ...u,
      ...queued.map((q) => ({ key: q.key, name: q.file.name, loaded: 0, total: q.file.size })),
    ]);
    // One at a time: the order of the files is the order of the photos.
    for (const q of queued) {
      try {
        await upload.mutateAsync(q);
      } catch {
        // Toasted by the query client; the next file still goes.
      }
    }
    if (queued.length)
      toast.success(`${queued.length} ${queued.length === 1 ? "photo" : "photos"} processed`);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shown.map((p) => p.id);
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const label = (i: number) => `Photo ${i + 1}${i === 0 ? " (cover)" : ""}`;

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${inputId}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
          Photos
        </h2>
        <div>
          <input
            id={inputId}
            type="file"
            accept={Object.keys(PHOTO_RULES.types).join(",")}
            multiple
            className="peer sr-only"
            onChange={(e) => void onFiles(e)}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60"
          >
            <ImagePlusIcon className="size-4" aria-hidden="true" />
            Add photos
          </label>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        JPEG, PNG, WebP or AVIF, up to {formatBytes(PHOTO_RULES.maxBytes)} each. The first photo is the cover
        on the site and in share cards.
      </p>

      {refused.length > 0 && (
        <Alert variant="destructive" data-testid="upload-refused">
          <ul className="flex flex-col gap-1">
            {refused.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Alert>
      )}

      {uploads.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Uploads in progress">
          {uploads.map((u) => {
            const pct = u.total ? Math.round((u.loaded / u.total) * 100) : 0;
            return (
              <li key={u.key} className="flex items-center gap-3 text-sm">
                <span className="w-48 truncate">{u.name}</span>
                <Progress value={pct} aria-label={`Uploading ${u.name}`} className="flex-1" />
                <span className="w-10 text-right tabular-nums">{pct}%</span>
              </li>
            );
          })}
        </ul>
      )}

      {photos.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[3/2] w-full" />
          ))}
        </div>
      ) : photos.isError ? (
        <Alert variant="destructive">
          Could not load the photos: {describeDbError(photos.error).message}{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void photos.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
          No photos yet. Listings with photos get far more enquiries.
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                "To move this photo, press Space to pick it up, use the arrow keys, then Space to drop it or Escape to cancel.",
            },
            announcements: {
              onDragStart: ({ active }) =>
                `Picked up photo ${shown.findIndex((p) => p.id === active.id) + 1}.`,
              onDragOver: ({ over }) =>
                over ? `Over position ${shown.findIndex((p) => p.id === over.id) + 1}.` : undefined,
              onDragEnd: ({ over }) =>
                over ? `Dropped at position ${shown.findIndex((p) => p.id === over.id) + 1}.` : "Dropped.",
              onDragCancel: () => "Move cancelled.",
            },
          }}
        >
          <SortableContext items={shown.map((p) => p.id)} strategy={rectSortingStrategy}>
            <ol
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
              aria-label={`Photos of ${title}, in order`}
            >
              {shown.map((photo, i) => (
                <PhotoTile
                  key={photo.id}
                  photo={photo}
                  label={label(i)}
                  first={i === 0}
                  last={i === shown.length - 1}
                  busy={reorder.isPending}
                  onEarlier={() => move(i, i - 1)}
                  onLater={() => move(i, i + 1)}
                  onCover={() => move(i, 0)}
                  onRemove={() => remove.mutate(photo)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

function PhotoTile({
  photo,
  label,
  first,
  last,
  busy,
  onEarlier,
  onLater,
  onCover,
  onRemove,
}: {
  photo: PhotoWithUrl;
  label: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEarlier: () => void;
  onLater: () => void;
  onCover: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id });
  const altId = useId();
  const [alt, setAlt] = useState(photo.alt_text ?? "");
  const [seen, setSeen] = useState(photo.alt_text);
  if (photo.alt_text !== seen) {
    setSeen(photo.alt_text);
    setAlt(photo.alt_text ?? "");
  }
  const parsed = altTextSchema.safeParse(alt);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? "Not valid");
  const qc = useQueryClient();
  const saveAlt = useSaveAltText(photo.id, {
    onSuccess: () => toast.success("Alt text saved"),
    onSettled: () => qc.invalidateQueries({ queryKey: propertyKeys.photos(photo.property_id) }),
  });
  const commitAlt = () => {
    if (!parsed.success || (parsed.data ?? "") === (photo.alt_text ?? "")) return;
    saveAlt.mutate(parsed.data);
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex flex-col gap-2 rounded-lg border bg-background p-2 ${isDragging ? "z-10 opacity-60 shadow-lg" : ""}`}
      data-photo-id={photo.id}
      aria-label={label}
    >
      <div className="relative aspect-[3/2] overflow-hidden rounded-md bg-muted">
        {photo.url && (
          <img src={photo.url} alt={photo.alt_text ?? ""} className="size-full object-cover" loading="lazy" />
        )}
        {first && (
          <Badge tone="primary" className="absolute left-2 top-2">
            <StarIcon aria-hidden="true" />
            Cover
          </Badge>
        )}
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="absolute right-2 top-2 cursor-grab rounded-md bg-background/90 p-1.5 text-foreground shadow outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${label.toLowerCase()} to reorder`}
        >
          <GripVerticalIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={altId} className="text-xs font-medium">
          Alt text ({label.toLowerCase()})
        </label>
        <Input
          id={altId}
          value={alt}
          maxLength={ALT_TEXT_MAX_LENGTH + 50}
          placeholder="What the photo shows, for screen readers and search"
          className="h-9"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${altId}-error` : undefined}
          onChange={(e) => setAlt(e.target.value)}
          onBlur={commitAlt}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commitAlt();
            }
          }}
        />
        {problem && (
          <p id={`${altId}-error`} className="text-xs font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-1">
        <Button type="button" variant="outline" size="sm" disabled={first || busy} onClick={onEarlier}>
          <ArrowLeftIcon aria-hidden="true" />
          Earlier<span className="sr-only"> ({label.toLowerCase()})</span>
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={last || busy} onClick={onLater}>
          Later<span className="sr-only"> ({label.toLowerCase()})</span>
          <ArrowRightIcon aria-hidden="true" />
        </Button>
        {!first && (
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onCover}>
            <StarIcon aria-hidden="true" />
            Make cover<span className="sr-only"> ({label.toLowerCase()})</span>
          </Button>
        )}
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="ml-auto text-destructive"
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Remove this photo?</AlertDialogTitle>
              <AlertDialogDescription>
                It disappears from the listing and the public site. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep it</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={onRemove}>
                Remove photo
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </li>
  );
}
