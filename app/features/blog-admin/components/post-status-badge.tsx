/** A post's status as a badge (scheduled posts whose time has passed read as published). */
import type { BlogStatus } from "#core/content-model.ts";
import { POST_STATUS_LABELS } from "#core/blog/post-workflow.ts";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";

export const POST_STATUS_BADGES: StatusMap<BlogStatus> = {
  draft: { label: POST_STATUS_LABELS.draft, tone: "muted" },
  scheduled: { label: POST_STATUS_LABELS.scheduled, tone: "info" },
  published: { label: POST_STATUS_LABELS.published, tone: "success" },
};

export function PostStatusBadge({ status }: { status: BlogStatus }) {
  return <StatusBadge value={status} map={POST_STATUS_BADGES} />;
}
