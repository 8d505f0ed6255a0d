/**
 * Publishing a post: publish now, schedule (a time in the future, Accra time — the edge's
 * `publish-scheduled-posts` job makes it live then), move a schedule back to draft, unpublish.
 * Each action saves the editor's current text with the new status in one conditional update (a
 * colleague's save in between is never overwritten), then refreshes the public sitemaps and feed.
 */
import { useId, useState } from "react";
import type { BlogStatus } from "#core/content-model.ts";
import { postVisibility, scheduleProblem } from "#core/blog/post-workflow.ts";
import type { PostRow } from "#core/blog/post-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { PostStatusBadge } from "./post-status-badge.tsx";

/** "2026-11-30T09:00" in Accra (UTC+0 all year) → a Date. */
export function accraLocalToDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(`${value}:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface PublishPanelProps {
  row: PostRow;
  busy: boolean;
  onChange: (status: BlogStatus, publishedAt: string | null) => void;
  publicUrl: string;
}

export function PublishPanel({ row, busy, onChange, publicUrl }: PublishPanelProps) {
  const fmt = useFormatters();
  const id = useId();
  const [when, setWhen] = useState("");
  const [whenError, setWhenError] = useState<string | null>(null);
  const visibility = postVisibility(row.status, row.published_at);

  const schedule = () => {
    const at = accraLocalToDate(when);
    const problem = scheduleProblem(at);
    setWhenError(problem);
    if (!problem && at) onChange("scheduled", at.toISOString());
  };

  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-3">
      <h2 id={`${id}-h`} className="flex items-center gap-2 text-base font-semibold">
        Publication <PostStatusBadge status={row.status} />
      </h2>
      <p className="text-sm" data-testid="publication-state">
        {row.status === "draft" && "Draft: only staff can see it. Changes are saved automatically."}
        {row.status === "scheduled" && visibility === "scheduled" && (
          <>Scheduled: goes live on {fmt.dateTime(row.published_at!)} (Accra time).</>
        )}
        {visibility === "live" && (
          <>Live since {fmt.dateTime(row.published_at!)}. Saving changes updates the public page.</>
        )}
      </p>
      {visibility === "live" && (
        <a href={publicUrl} target="_blank" rel="noopener" className="text-sm font-medium underline">
          Open the public page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <div className="flex flex-wrap gap-2">
        {row.status !== "published" && (
          <Button
            type="button"
            onClick={() => onChange("published", new Date().toISOString())}
            disabled={busy}
          >
            Publish now
          </Button>
        )}
        {row.status === "scheduled" && (
          <Button type="button" variant="outline" onClick={() => onChange("draft", null)} disabled={busy}>
            Back to draft
          </Button>
        )}
        {row.status === "published" && (
          <Button type="button" variant="outline" onClick={() => onChange("draft", null)} disabled={busy}>
            Unpublish
          </Button>
        )}
      </div>
      {row.status !== "published" && (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-when`} className="text-sm font-medium">
            {row.status === "scheduled" ? "Change the time (Accra time)" : "Publish later (Accra time)"}
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-when`}
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              className="w-auto"
              aria-invalid={whenError ? true : undefined}
              aria-describedby={whenError ? `${id}-error` : undefined}
            />
            <Button type="button" variant="outline" onClick={schedule} disabled={busy}>
              Schedule
            </Button>
          </div>
          {whenError && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {whenError}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
