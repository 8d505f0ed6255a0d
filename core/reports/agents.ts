/**
 * The agents' figures beyond the money: the leaderboard's activity columns (viewings held,
 * overdue tasks), an agent's trend by month and their goals against what was achieved. The
 * database computes them at scale (report_agent_activity, report_agent_trend,
 * report_agent_goals); these are the same definitions over rows, with worked examples.
 */
import { z } from "zod";
import { minorSchema } from "../invoices-receipts/documents.ts";
import { countSchema, currencySchema, type AgentRow, type Currency } from "./figures.ts";

export const agentActivityRowSchema = z.object({
  agent_id: z.string(),
  viewings_held: countSchema,
  overdue_tasks: countSchema,
});
export type AgentActivityRow = z.infer<typeof agentActivityRowSchema>;

export const agentTrendRowSchema = z.object({
  month: z.string().transform((s) => s.slice(0, 7)),
  currency: currencySchema,
  deals_won: countSchema,
  won_value: minorSchema,
  commission: minorSchema,
  viewings_held: countSchema,
});
export type AgentTrendRow = z.infer<typeof agentTrendRowSchema>;

export const GOAL_METRIC_LABELS: Record<string, string> = {
  deals_won: "Deals won",
  revenue: "Revenue (GHS)",
  listings_published: "Listings published",
  viewings_held: "Viewings held",
  leads_contacted: "Leads contacted",
};

export const agentGoalRowSchema = z.object({
  goal_id: z.string(),
  metric: z.string(),
  period_type: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  /** In hundredths (minor units for revenue, a count × 100 otherwise): read exactly. */
  target: minorSchema,
  actual: minorSchema,
});
export type AgentGoalRow = z.infer<typeof agentGoalRowSchema>;

/** A viewing held: a completed booking the agent hosted. */
export function viewingHeld(b: { status: string; assignee_id: string | null }, agent: string): boolean {
  return b.status === "completed" && b.assignee_id === agent;
}

/** An overdue task: still to do or in progress, due before `now`; it is its assignee's, else its owner's. */
export function overdueTaskOf(
  t: { status: string; due_at: string | null; assignee_id: string | null; owner_id: string | null },
  now: Date,
): string | null {
  if (t.status !== "todo" && t.status !== "in_progress") return null;
  if (!t.due_at || Date.parse(t.due_at) >= now.getTime()) return null;
  return t.assignee_id ?? t.owner_id;
}

/** Goal attainment: what was achieved as a whole percentage of the target (0 for no target). */
export function goalAttainment(actual: number, target: number): number {
  if (target <= 0) return 0;
  return Math.round((actual / target) * 100);
}

/**
 * The leaderboard: one row per agent and currency of the money figures, the activity figures
 * (which have no currency) on the agent's first row only so a total of a column never counts
 * them twice; an agent with activity but nothing won gets a row of their own.
 */
export interface LeaderboardRow {
  agent_id: string;
  currency: Currency | null;
  deals_won: number;
  won_value: number;
  commission: number;
  viewings_held: number | null;
  overdue_tasks: number | null;
}

export function leaderboard(
  money: readonly AgentRow[],
  activity: readonly AgentActivityRow[],
): LeaderboardRow[] {
  const act = new Map(activity.map((a) => [a.agent_id, a]));
  const seen = new Set<string>();
  const rows: LeaderboardRow[] = money.map((m) => {
    const first = !seen.has(m.agent_id);
    seen.add(m.agent_id);
    const a = first ? act.get(m.agent_id) : undefined;
    return {
      ...m,
      viewings_held: first ? (a?.viewings_held ?? 0) : null,
      overdue_tasks: first ? (a?.overdue_tasks ?? 0) : null,
    };
  });
  for (const a of activity)
    if (!seen.has(a.agent_id))
      rows.push({
        agent_id: a.agent_id,
        currency: null,
        deals_won: 0,
        won_value: 0,
        commission: 0,
        viewings_held: a.viewings_held,
        overdue_tasks: a.overdue_tasks,
      });
  return rows;
}
