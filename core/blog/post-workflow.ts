/**
 * The blog post workflow: draft → scheduled → published, and back to draft
 * (unpublish). The database enforces the same table and sentences (private.blog_status_moves and
 * private.guard_blog_post in 20261125500100_blog_admin.sql; tests/rls/blog-admin.test.ts checks
 * they agree move for move). A draft has no publication time; a schedule is in the future; a
 * published post is dated now or earlier.
 */
import { BLOG_STATUSES, type BlogStatus } from "../content-model.ts";

export { BLOG_STATUSES, type BlogStatus };

export const POST_STATUS_LABELS: Record<BlogStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** Allowed moves (a status to itself is not a move). */
export const POST_STATUS_MOVES: Record<BlogStatus, readonly BlogStatus[]> = {
  draft: ["scheduled", "published"],
  scheduled: ["draft", "published"],
  published: ["draft"],
};

/** The clocks of browser and database may differ a little. */
export const PUBLISH_CLOCK_GRACE_MS = 60_000;

/** Why moving a post from `from` to `to` is refused (the database's words), or null. */
export function statusMoveError(from: BlogStatus, to: BlogStatus): string | null {
  if (from === to || POST_STATUS_MOVES[from].includes(to)) return null;
  const allowed = [...POST_STATUS_MOVES[from]].sort().map((s) => POST_STATUS_LABELS[s]);
  return `A post cannot go from ${POST_STATUS_LABELS[from]} to ${POST_STATUS_LABELS[to]}. From ${POST_STATUS_LABELS[from]} it can go to ${allowed.join(" or ")}.`;
}

export const SCHEDULE_IN_PAST = "Choose a time in the future to schedule the post, or publish it now.";
export const PUBLISHED_IN_FUTURE = "A published post cannot be dated in the future: schedule it instead.";

/** Why a schedule time is refused, or null. */
export function scheduleProblem(at: Date | null, now: Date = new Date()): string | null {
  if (!at || Number.isNaN(at.getTime())) return "Choose a date and time";
  return at.getTime() <= now.getTime() ? SCHEDULE_IN_PAST : null;
}

/** Every (from, to) pair, for tests that compare this table with the database's. */
export function allStatusMoves(): Array<{ from: BlogStatus; to: BlogStatus }> {
  return BLOG_STATUSES.flatMap((from) =>
    BLOG_STATUSES.filter((to) => to !== from).map((to) => ({ from, to })),
  );
}

/** What the public sees of a post now: live, live later, or nothing. */
export type PostVisibility = "live" | "scheduled" | "hidden";
export function postVisibility(
  status: BlogStatus,
  publishedAt: string | null,
  now: Date = new Date(),
): PostVisibility {
  if (status === "draft" || publishedAt === null) return "hidden";
  return Date.parse(publishedAt) <= now.getTime() ? "live" : "scheduled";
}
