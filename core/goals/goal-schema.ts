/**
 * Goals: what can be targeted, for which period, and the form. Progress is
 * computed by the database (public.goal_values / goal_progress), never typed in. Periods are
 * calendar months, quarters and years in Africa/Accra (UTC+0, no daylight saving).
 */
import { z } from "zod";

export const GOAL_METRICS = [
  "deals_won",
  "revenue",
  "listings_published",
  "viewings_held",
  "leads_contacted",
] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];
export const GOAL_METRIC_LABELS: Record<GoalMetric, string> = {
  deals_won: "Deals won",
  revenue: "Revenue (commission, GHS)",
  listings_published: "Listings published",
  viewings_held: "Viewings held",
  leads_contacted: "Leads contacted",
};
export const GOAL_METRIC_HINTS: Record<GoalMetric, string> = {
  deals_won: "Deals moved to won in the period, by their owner.",
  revenue: "Commission of the deals won in the period, in GHS (USD at the rate of the day each closed).",
  listings_published: "Listings published in the period, by their agent.",
  viewings_held: "Viewing bookings completed in the period, by the person they were assigned to.",
  leads_contacted: "Different contacts called, messaged, e-mailed or met in the period.",
};

export const GOAL_PERIODS = ["month", "quarter", "year"] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];
export const GOAL_PERIOD_LABELS: Record<GoalPeriod, string> = {
  month: "Month",
  quarter: "Quarter",
  year: "Year",
};

/** "YYYY-MM-DD" of a calendar date. */
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** The first day of the period that contains `day` (YYYY-MM-DD). */
export function periodStart(period: GoalPeriod, day: string): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  if (period === "month") return iso(y, m, 1);
  if (period === "quarter") return iso(y, Math.floor((m - 1) / 3) * 3 + 1, 1);
  return iso(y, 1, 1);
}

/** The last day of the period starting on `start`. */
export function periodEnd(period: GoalPeriod, start: string): string {
  const [y, m] = start.split("-").map(Number) as [number, number];
  const months = period === "month" ? 1 : period === "quarter" ? 3 : 12;
  const end = new Date(Date.UTC(y, m - 1 + months, 0));
  return iso(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate());
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Nov 2026", "Q4 2026", "2026". */
export function periodLabel(period: GoalPeriod, start: string): string {
  const [y, m] = start.split("-").map(Number) as [number, number];
  if (period === "month") return `${MONTHS[m - 1]} ${y}`;
  if (period === "quarter") return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
  return String(y);
}

/** Today in Africa/Accra (UTC+0). */
export function accraToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Where progress should be by today if it ran evenly through the period (0–1). */
export function periodElapsed(period: GoalPeriod, start: string, today: string): number {
  const s = Date.parse(start);
  const e = Date.parse(periodEnd(period, start)) + 86_400_000;
  const t = Date.parse(today) + 86_400_000;
  return Math.min(1, Math.max(0, (t - s) / (e - s)));
}

export const goalRowSchema = z.object({
  id: z.string(),
  metric: z.enum(GOAL_METRICS),
  target: z.union([z.number(), z.string().transform(Number)]),
  period_type: z.enum(GOAL_PERIODS),
  period_start: z.string(),
  period_end: z.string(),
  user_id: z.string().nullable(),
  notes: z.string().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GoalRow = z.output<typeof goalRowSchema>;
export const GOAL_ROW_COLUMNS = Object.keys(goalRowSchema.shape).join(", ");

/** "team" = the whole team (user_id null). */
export const TEAM = "team";

export const goalFormSchema = z
  .object({
    metric: z.enum(GOAL_METRICS, { error: "Choose what to count" }),
    target: z.string(),
    period_type: z.enum(GOAL_PERIODS, { error: "Choose month, quarter or year" }),
    /** Any day of the period (a date input); saved as the period's first day. */
    period_day: z.iso.date({ error: "Choose the period" }),
    who: z.string().min(1, "Choose whose goal it is"),
    notes: z
      .string()
      .trim()
      .max(1000, "Keep the note under 1,000 characters")
      .transform((s) => s || null),
  })
  .transform((v, ctx) => {
    const n = Number(v.target.trim().replace(/,/g, ""));
    if (v.target.trim() === "" || !Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "Enter a target above 0" });
      return z.NEVER;
    }
    if (v.metric !== "revenue" && !Number.isInteger(n)) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "Count targets are whole numbers" });
      return z.NEVER;
    }
    if (n > 1e13) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "That target is too large" });
      return z.NEVER;
    }
    return {
      metric: v.metric,
      target: n,
      period_type: v.period_type,
      period_start: periodStart(v.period_type, v.period_day),
      user_id: v.who === TEAM ? null : v.who,
      notes: v.notes,
    };
  });
export type GoalFormInput = z.input<typeof goalFormSchema>;
export type GoalFormOutput = z.output<typeof goalFormSchema>;
