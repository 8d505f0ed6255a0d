/**
 * The post's text: a markdown text box with a small toolbar (heading, bold, italic, link, list,
 * quote) and an image button that uploads into the post (an alt text is required, so blind
 * readers get the picture too) and inserts `![alt](/images/blog/…)` at the cursor. The textarea
 * stays the one control (react-hook-form registers it); toolbar edits go through `onChange`.
 */
import { BoldIcon, Heading2Icon, ImageIcon, ItalicIcon, LinkIcon, ListIcon, QuoteIcon } from "lucide-react";
import { forwardRef, useImperativeHandle, useRef, useState, type ComponentProps } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { BLOG_IMAGE_RULES, imageMarkdown } from "#core/blog/post-media.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { uploadInlineImage } from "../api/posts-api.ts";

type Wrap = { before: string; after?: string; placeholder: string; line?: boolean };
const TOOLS: Array<{ label: string; icon: typeof BoldIcon; wrap: Wrap }> = [
  { label: "Heading", icon: Heading2Icon, wrap: { before: "## ", placeholder: "Heading", line: true } },
  { label: "Bold", icon: BoldIcon, wrap: { before: "**", after: "**", placeholder: "bold text" } },
  { label: "Italic", icon: ItalicIcon, wrap: { before: "_", after: "_", placeholder: "italic text" } },
  { label: "Link", icon: LinkIcon, wrap: { before: "[", after: "](https://)", placeholder: "link text" } },
  { label: "List", icon: ListIcon, wrap: { before: "- ", placeholder: "item", line: true } },
  { label: "Quote", icon: QuoteIcon, wrap: { before: "> ", placeholder: "quote", line: true } },
];

export interface MarkdownEditorProps extends Omit<ComponentProps<"textarea">, "onChange" | "value"> {
  value: string;
  onChange: (value: string) => void;
  /** The saved post, for image uploads; null until the draft is created. */
  postId: string | null;
}

export const MarkdownEditor = forwardRef<HTMLTextAreaElement, MarkdownEditorProps>(function MarkdownEditor(
  { value, onChange, postId, ...textarea },
  ref,
) {
  const box = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => box.current!);
  const [imageOpen, setImageOpen] = useState(false);

  const insert = (text: string, select?: [number, number]) => {
    const el = box.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + text + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      const [a, b] = select ?? [text.length, text.length];
      el.setSelectionRange(start + a, start + b);
    });
  };

  const apply = ({ before, after = "", placeholder, line }: Wrap) => {
    const el = box.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const selected = value.slice(start, end) || placeholder;
    const atLineStart = start === 0 || value[start - 1] === "\n";
    const prefix = line && !atLineStart ? `\n${before}` : before;
    insert(`${prefix}${selected}${after}`, [prefix.length, prefix.length + selected.length]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1">
        {TOOLS.map(({ label, icon: Icon, wrap }) => (
          <Button
            key={label}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => apply(wrap)}
            aria-label={label}
            title={label}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setImageOpen(true)}
          disabled={!postId}
          title={postId ? "Insert an image" : "Save the draft first to add images"}
        >
          <ImageIcon aria-hidden="true" />
          Image
        </Button>
      </div>
      <Textarea
        ref={box}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck
        className="min-h-[28rem] font-mono text-sm"
        {...textarea}
      />
      {postId && (
        <InlineImageDialog
          open={imageOpen}
          onOpenChange={setImageOpen}
          postId={postId}
          onInserted={(md) => insert(`\n${md}\n`)}
        />
      )}
    </div>
  );
});

function InlineImageDialog({
  open,
  onOpenChange,
  postId,
  onInserted,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  postId: string;
  onInserted: (markdown: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const types = [...new Set(Object.values(BLOG_IMAGE_RULES.types))].join(", ");

  const reset = () => {
    setFile(null);
    setAlt("");
    setAltError(null);
    setProgress(null);
    setError(null);
  };
  const upload = async () => {
    if (!file) return setError("Choose an image file");
    if (!alt.trim()) return setAltError("Describe the image for people who cannot see it");
    setError(null);
    setProgress(0);
    try {
      const path = await uploadInlineImage(postId, file, alt.trim(), (p) =>
        setProgress(Math.round((p.loaded / p.total) * 100)),
      );
      onInserted(imageMarkdown(alt, path));
      reset();
      onOpenChange(false);
    } catch (err) {
      setProgress(null);
      setError(describeDbError(err).message);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Insert an image</DialogTitle>
          <DialogDescription>
            {types}, at most {formatBytes(BLOG_IMAGE_RULES.maxBytes)}. It shows on the public page once the
            post is published.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <Field label="Image file">
            <Input
              type="file"
              accept={Object.keys(BLOG_IMAGE_RULES.types).join(",")}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Field>
          <Field label="Description (alt text)" error={altError ?? undefined} required>
            <Input value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={300} />
          </Field>
          {progress !== null && <Progress value={progress} aria-label="Upload progress" />}
          {error && <Alert variant="destructive">{error}</Alert>}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void upload()} disabled={progress !== null}>
            Upload and insert
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
