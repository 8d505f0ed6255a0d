/**
 * The post's cover: upload (type and size named when refused, progress while it goes), its
 * description (alt text, required with a cover), and the share card as WhatsApp, Facebook, X and
 * LinkedIn draw it — 1200×630, cropped around the centre — with the original's pixel size and a
 * warning when it is too small for a large card. The cover's path is a form field; saving the
 * post saves it.
 */
import { ImageIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { BLOG_IMAGE_RULES, SHARE_CARD, SHARE_CARD_MIN, shareCardCrop } from "#core/blog/post-media.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { uploadCover } from "../api/posts-api.ts";
import { useSignedImages } from "../hooks/post-queries.ts";

export interface CoverImageFieldProps {
  path: string;
  onChange: (path: string) => void;
  /** The card's title and description (what the networks show under the image). */
  cardTitle: string;
  cardDescription: string;
  host: string;
  altInput: React.ReactNode;
  error?: string;
}

export function CoverImageField({
  path,
  onChange,
  cardTitle,
  cardDescription,
  host,
  altInput,
  error,
}: CoverImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const isStored = !!path && !/^https?:\/\//i.test(path);
  const signed = useSignedImages(isStored ? [path] : []);
  const url = isStored ? signed.data?.get(path) : path || undefined;
  const crop = size ? shareCardCrop(size.width, size.height) : null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const up = await uploadCover(file, (p) => setProgress(Math.round((p.loaded / p.total) * 100)));
      setSize(up.width && up.height ? { width: up.width, height: up.height } : null);
      onChange(up.path);
    } catch (err) {
      setProblem(describeDbError(err).message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold">
        Cover image
      </h2>
      <p className="text-sm text-muted-foreground">
        {[...new Set(Object.values(BLOG_IMAGE_RULES.types))].join(", ")}, at most{" "}
        {formatBytes(BLOG_IMAGE_RULES.maxBytes)}. Best at {SHARE_CARD.width}×{SHARE_CARD.height} pixels or
        larger.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label="Cover image file"
          accept={Object.keys(BLOG_IMAGE_RULES.types).join(",")}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          <UploadIcon aria-hidden="true" />
          {path ? "Replace cover" : "Upload cover"}
        </Button>
        {path && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
            <Trash2Icon aria-hidden="true" />
            Remove cover
          </Button>
        )}
      </div>
      {progress !== null && <Progress value={progress} aria-label="Cover upload progress" />}
      {(problem ?? error) && <Alert variant="destructive">{problem ?? error}</Alert>}
      {altInput}
      <figure className="flex flex-col gap-1" data-testid="share-card-preview">
        <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Share card ({SHARE_CARD.width}×{SHARE_CARD.height}: WhatsApp, Facebook, X, LinkedIn)
        </figcaption>
        <div className="max-w-md overflow-hidden rounded-lg border bg-[#f0f2f5]">
          <div className="aspect-[1200/630] bg-muted">
            {url ? (
              <img
                src={url}
                alt=""
                className="size-full object-cover"
                onLoad={(e) =>
                  !size &&
                  setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
                }
              />
            ) : (
              <div className="flex size-full flex-col items-center justify-center gap-1 p-4 text-center text-sm text-muted-foreground">
                <ImageIcon aria-hidden="true" />
                No cover: the site's default image is shared
              </div>
            )}
          </div>
          <div className="flex flex-col gap-0.5 p-3">
            <span className="text-xs uppercase text-muted-foreground">{host}</span>
            <span className="line-clamp-2 font-semibold">{cardTitle}</span>
            <span className="line-clamp-2 text-sm text-muted-foreground">{cardDescription}</span>
          </div>
        </div>
        {size && crop && (
          <p className="text-xs text-muted-foreground" data-testid="cover-size">
            Original {size.width}×{size.height}.{" "}
            {crop.w < 0.999
              ? `The card keeps the middle ${Math.round(crop.w * 100)}% of its width.`
              : crop.h < 0.999
                ? `The card keeps the middle ${Math.round(crop.h * 100)}% of its height.`
                : "It fills the card exactly."}
            {crop.tooSmall &&
              ` Smaller than ${SHARE_CARD_MIN.width}×${SHARE_CARD_MIN.height}: networks show a small thumbnail instead of a large card.`}
          </p>
        )}
      </figure>
    </section>
  );
}
