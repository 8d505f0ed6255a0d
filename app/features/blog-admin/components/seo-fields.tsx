/**
 * Search engine fields with counters (characters against what results show and what the
 * database takes) and the search result as Google would show it, written by the same function as
 * the edge's meta tags (core/seo/meta.ts postShareText).
 */
import { counterState, POST_LIMITS, SEO_RECOMMENDED, type CounterState } from "#core/blog/post-schema.ts";
import { cn } from "#app/lib/utils.ts";

const TONE: Record<CounterState, string> = {
  ok: "text-muted-foreground",
  long: "text-amber-700",
  over: "text-destructive font-medium",
};

export function Counter({
  length,
  recommended,
  max,
  id,
}: {
  length: number;
  recommended: number;
  max: number;
  id: string;
}) {
  const state = counterState(length, recommended, max);
  return (
    <span id={id} className={cn("block text-xs", TONE[state])} aria-live="polite">
      {length} / {recommended} characters
      {state === "long" && " — search results cut it off"}
      {state === "over" && ` — over the limit of ${max}`}
    </span>
  );
}

export function SearchPreview({
  url,
  title,
  description,
}: {
  url: string;
  title: string;
  description: string;
}) {
  return (
    <figure className="flex flex-col gap-1" data-testid="search-preview">
      <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        Search result
      </figcaption>
      <div className="rounded-lg border bg-background p-4">
        <p className="truncate text-xs text-muted-foreground">{url}</p>
        <p className="truncate text-lg text-sky-800">{title}</p>
        <p className="line-clamp-2 text-sm">{description}</p>
      </div>
    </figure>
  );
}

export const SEO_COUNTS = {
  title: { recommended: SEO_RECOMMENDED.title, max: POST_LIMITS.seoTitle },
  description: { recommended: SEO_RECOMMENDED.description, max: POST_LIMITS.seoDescription },
};
