/**
 * The blog's content calendar (/admin/blog/strategy): planned topics with target
 * keywords, intended audiences, a status (idea → planned → writing → published — published exactly
 * when the linked post is, which the database decides) and an owner; and the month grid the
 * calendar draws (weeks Monday to Sunday, Africa/Accra = UTC all year, so dates are plain days).
 */
import { z } from "zod";
import type { ConstraintHint } from "../records/db-errors.ts";

export const CONTENT_AUDIENCES = ["buyers", "sellers", "landlords", "diaspora_investors"] as const;
export type ContentAudience = (typeof CONTENT_AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<ContentAudience, string> = {
  buyers: "Buyers",
  sellers: "Sellers",
  landlords: "Landlords",
  diaspora_investors: "Diaspora investors",
};

export const TOPIC_STATUSES = ["idea", "planned", "writing", "published"] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];
export const TOPIC_STATUS_LABELS: Record<TopicStatus, string> = {
  idea: "Idea",
  planned: "Planned",
  writing: "Writing",
  published: "Published",
};
/** What a person may pick; "published" follows the linked post. */
export const PICKABLE_TOPIC_STATUSES = [
  "idea",
  "planned",
  "writing",
] as const satisfies readonly TopicStatus[];

export const TOPIC_LIMITS = { title: 200, keywords: 20, keyword: 60, notes: 4000 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const topicRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  planned_for: z.string().regex(DAY),
  keywords: z.array(z.string()),
  audiences: z.array(z.enum(CONTENT_AUDIENCES)),
  status: z.enum(TOPIC_STATUSES),
  post_id: z.string().nullable(),
  notes: z.string().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TopicRow = z.output<typeof topicRowSchema>;
export const TOPIC_ROW_COLUMNS = Object.keys(topicRowSchema.shape).join(", ");

/** "land title, East Legon ,land title" → ["land title", "east legon"]. */
export function parseKeywords(line: string): string[] {
  const seen = new Set<string>();
  for (const raw of line.split(",")) {
    const k = raw.trim().toLowerCase().replace(/\s+/g, " ");
    if (k) seen.add(k);
  }
  return [...seen];
}

export const topicFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(3, "Give the topic a title of at least 3 characters")
    .max(TOPIC_LIMITS.title, `The title is limited to ${TOPIC_LIMITS.title} characters`),
  planned_for: z.string().regex(DAY, "Choose a day"),
  keywords: z
    .string()
    .transform(parseKeywords)
    .refine((k) => k.length <= TOPIC_LIMITS.keywords, `At most ${TOPIC_LIMITS.keywords} keywords`)
    .refine(
      (k) => k.every((x) => x.length <= TOPIC_LIMITS.keyword),
      `Keep each keyword under ${TOPIC_LIMITS.keyword} characters`,
    ),
  audiences: z
    .array(z.enum(CONTENT_AUDIENCES))
    .min(1, "Choose at least one audience")
    // In the list's own order, whatever order they were ticked in.
    .transform((picked) => CONTENT_AUDIENCES.filter((a) => picked.includes(a))),
  status: z.enum(PICKABLE_TOPIC_STATUSES, { error: "Choose a status" }),
  owner_id: z.uuid("Choose who owns the topic"),
  notes: z
    .string()
    .trim()
    .max(TOPIC_LIMITS.notes, `Notes are limited to ${TOPIC_LIMITS.notes} characters`)
    .transform((s) => s || null),
});
export type TopicFormInput = z.input<typeof topicFormSchema>;
export type TopicFormOutput = z.output<typeof topicFormSchema>;

export function topicFormValues(
  row: TopicRow | null,
  defaults: { day: string; ownerId: string },
): TopicFormInput {
  return {
    title: row?.title ?? "",
    planned_for: row?.planned_for ?? defaults.day,
    keywords: row?.keywords.join(", ") ?? "",
    audiences: row?.audiences ?? [],
    // A published topic keeps "writing" in the picker: publishing is the post's.
    status: !row ? "idea" : row.status !== "published" ? row.status : "writing",
    owner_id: row?.owner_id ?? defaults.ownerId,
    notes: row?.notes ?? "",
  };
}

export const TOPIC_CONSTRAINTS: Record<string, ConstraintHint> = {
  content_plan_items_audiences_check: {
    field: "audiences",
    message: "Choose buyers, sellers, landlords or diaspora investors",
  },
  content_plan_items_keywords_check: {
    field: "keywords",
    message: `At most ${TOPIC_LIMITS.keywords} keywords`,
  },
};

// ── The month grid ───────────────────────────────────────────────────────────────────────────

/** "2026-11" → {year: 2026, month: 11}, or null. */
export function parseMonth(value: string | null | undefined): { year: number; month: number } | null {
  const m = MONTH.exec(value ?? "");
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null;
}

export function formatMonth(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The month before or after (delta -1 / +1). */
export function shiftMonth(value: string, delta: number): string {
  const p = parseMonth(value);
  if (!p) throw new Error(`not a month: ${value}`);
  const d = new Date(Date.UTC(p.year, p.month - 1 + delta, 1));
  return formatMonth(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

export interface CalendarDay {
  /** YYYY-MM-DD */
  date: string;
  /** 1–31 */
  day: number;
  inMonth: boolean;
}

/**
 * The weeks (Monday first) covering a month: whole weeks, so the first row may start in the
 * month before and the last end in the month after. 4 to 6 rows of 7 days.
 */
export function monthGrid(value: string): CalendarDay[][] {
  const p = parseMonth(value);
  if (!p) throw new Error(`not a month: ${value}`);
  const first = new Date(Date.UTC(p.year, p.month - 1, 1));
  const mondayOffset = (first.getUTCDay() + 6) % 7;
  const start = new Date(first.getTime() - mondayOffset * 86_400_000);
  const last = new Date(Date.UTC(p.year, p.month, 0));
  const weeks: CalendarDay[][] = [];
  for (let cursor = start; cursor <= last || weeks.at(-1)?.length !== 7; ) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({
        date: iso(cursor),
        day: cursor.getUTCDate(),
        inMonth: cursor.getUTCMonth() === p.month - 1,
      });
      cursor = new Date(cursor.getTime() + 86_400_000);
    }
    weeks.push(week);
    if (cursor > last) break;
  }
  return weeks;
}

/** The first and last day the grid shows (the range to load). */
export function gridRange(value: string): { from: string; to: string } {
  const weeks = monthGrid(value);
  return { from: weeks[0]![0]!.date, to: weeks.at(-1)!.at(-1)!.date };
}
