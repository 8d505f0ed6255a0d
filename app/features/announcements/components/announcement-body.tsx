/**
 * A notice's markdown, rendered by the sanitising renderer the public blog uses (raw HTML is shown
 * as text). The renderer (marked) loads with the first notice shown, not with the list's code;
 * until then the notice's text shows as it was written.
 */
import { Suspense, use, useMemo } from "react";
import type * as Markdown from "#app/lib/markdown.ts";
import { cn } from "#app/lib/utils.ts";
import "./markdown.css";

let renderer: Promise<typeof Markdown> | null = null;
const loadRenderer = () => (renderer ??= import("#app/lib/markdown.ts"));

function Rendered({ source, className }: { source: string; className?: string }) {
  const { renderMarkdown } = use(loadRenderer());
  const html = useMemo(() => renderMarkdown(source), [renderMarkdown, source]);
  // The renderer escapes raw HTML and drops unsafe URLs: its output is safe to insert.
  return (
    <div
      className={cn("announcement-body text-sm", className)}
      data-testid="announcement-body"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function AnnouncementBody({ source, className }: { source: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className={cn("text-sm whitespace-pre-wrap", className)} aria-busy="true">
          {source}
        </div>
      }
    >
      <Rendered source={source} className={className} />
    </Suspense>
  );
}
