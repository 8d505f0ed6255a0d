/** The post editor's side panels: search appearance, the autosave status and the version history. */
import { type UseFormRegister } from "react-hook-form";
import { POST_FIELD_LABELS as L, type PostFormInput, type PostRow } from "#core/blog/post-schema.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { cn } from "#app/lib/utils.ts";
import { Counter, SEO_COUNTS, SearchPreview } from "./seo-fields.tsx";
import { type AutosaveState } from "../hooks/use-post-session.ts";

export function SeoSection({
  register,
  err,
  title,
  description,
  url,
  share,
}: {
  register: UseFormRegister<PostFormInput>;
  err: (name: "seo_title" | "seo_description") => string | undefined;
  title: string;
  description: string;
  url: string;
  share: { title: string; description: string };
}) {
  return (
    <section aria-label="Search engines" className="flex flex-col gap-3">
      <h2 className="text-base font-semibold">Search engines</h2>
      <Field
        label={L.seo_title}
        error={err("seo_title")}
        description={<Counter id="seo-title-count" length={title.length} {...SEO_COUNTS.title} />}
      >
        <Input {...register("seo_title")} autoComplete="off" placeholder="Empty = the post's title" />
      </Field>
      <Field
        label={L.seo_description}
        error={err("seo_description")}
        description={
          <Counter id="seo-description-count" length={description.length} {...SEO_COUNTS.description} />
        }
      >
        <Textarea {...register("seo_description")} rows={3} placeholder="Empty = the excerpt" />
      </Field>
      <SearchPreview url={url} title={share.title} description={share.description} />
    </section>
  );
}

export function AutosaveStatus({ state, reload }: { state: AutosaveState; reload: () => Promise<void> }) {
  const fmt = useFormatters();
  const text =
    state.kind === "pending"
      ? "Unsaved changes…"
      : state.kind === "saving"
        ? "Saving…"
        : state.kind === "saved"
          ? `Draft saved at ${fmt.time(state.at)}`
          : state.kind === "invalid"
            ? "Not saved automatically: fix the marked fields"
            : state.kind === "failed"
              ? `Not saved automatically: ${state.message}`
              : state.kind === "conflict"
                ? "Not saved: someone else saved this post."
                : "";
  if (!text) return null;
  return (
    <p
      role="status"
      className={cn(
        "text-sm",
        state.kind === "conflict" || state.kind === "failed" ? "text-destructive" : "text-muted-foreground",
      )}
      data-testid="autosave-status"
    >
      {text}
      {state.kind === "conflict" && (
        <Button type="button" variant="link" className="h-auto px-1" onClick={() => void reload()}>
          Reload
        </Button>
      )}
    </p>
  );
}

export function HistoryPanel({ row }: { row: PostRow }) {
  return (
    <RecordHistory
      table="blog_posts"
      recordId={row.id}
      formatValue={(field, value) =>
        field === "content" && typeof value === "string"
          ? `${value.length.toLocaleString("en")} characters`
          : undefined
      }
    />
  );
}
