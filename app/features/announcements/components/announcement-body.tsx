/** A notice's markdown, rendered by the sanitising renderer the public blog uses (raw HTML is shown as text). */
import { useMemo } from "react";
import { renderMarkdown } from "#app/lib/markdown.ts";
import { cn } from "#app/lib/utils.ts";
import "./markdown.css";

export function AnnouncementBody({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // The renderer escapes raw HTML and drops unsafe URLs: its output is safe to insert.
  return (
    <div
      className={cn("announcement-body text-sm", className)}
      data-testid="announcement-body"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
