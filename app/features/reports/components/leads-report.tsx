/** Leads: new contacts by source and by week, and how fast the inbox is answered per agent. */
import { useMemo } from "react";
import type { LeadRow, ResponseRow } from "#core/reports/figures.ts";
import { useMemberName } from "#app/lib/team-members.ts";
import type { Period } from "../api/reports-api.ts";
import { useLeads, useResponseTimes } from "../hooks/report-queries.ts";
import { YourRecords } from "./figures-strip.tsx";
import { ReportSection, type ReportColumn } from "./report-section.tsx";

interface SourceRow {
  source: string;
  leads: number;
}
const SOURCE_COLUMNS: ReportColumn<SourceRow>[] = [
  { header: "Source", cell: (r) => r.source, csv: (r) => r.source },
  { header: "New contacts", numeric: true, cell: (r) => r.leads, csv: (r) => r.leads },
];
const WEEK_COLUMNS: ReportColumn<{ week: string; leads: number }>[] = [
  { header: "Week of", cell: (r) => r.week, csv: (r) => r.week },
  { header: "New contacts", numeric: true, cell: (r) => r.leads, csv: (r) => r.leads },
];

function sum(rows: readonly LeadRow[], key: "source" | "week") {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + r.leads);
  return [...m.entries()].map(
    ([k, leads]) => ({ [key]: k, leads }) as { source: string; week: string; leads: number },
  );
}

export function LeadsReport({ period, own }: { period: Period; own: boolean }) {
  const leads = useLeads(period);
  const response = useResponseTimes(period);
  const name = useMemberName();
  const bySource = useMemo(
    () => sum(leads.data ?? [], "source").sort((a, b) => b.leads - a.leads),
    [leads.data],
  );
  const byWeek = useMemo(() => sum(leads.data ?? [], "week"), [leads.data]);
  const responseColumns: ReportColumn<ResponseRow>[] = [
    {
      header: "Agent",
      cell: (r) => (r.agent_id ? name(r.agent_id) : "Unassigned"),
      csv: (r) => (r.agent_id ? name(r.agent_id) : "Unassigned"),
    },
    { header: "Inbox items", numeric: true, cell: (r) => r.items, csv: (r) => r.items },
    { header: "Answered", numeric: true, cell: (r) => r.answered, csv: (r) => r.answered },
    {
      header: "Median time to first reply",
      numeric: true,
      cell: (r) => (r.median_minutes === null ? "—" : `${r.median_minutes} min`),
      csv: (r) => r.median_minutes,
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <YourRecords own={own} />
      <ReportSection
        id="leads-weeks"
        title="New contacts per week"
        rows={leads.data ? byWeek : undefined}
        loading={leads.isPending}
        error={leads.error}
        columns={WEEK_COLUMNS}
        chart={{
          label: "New contacts per week",
          data: byWeek,
          x: "week",
          kind: "line",
          series: [{ key: "leads", name: "New contacts", color: "#047857" }],
        }}
      />
      <ReportSection
        id="leads-sources"
        title="New contacts by source"
        rows={leads.data ? bySource : undefined}
        loading={leads.isPending}
        error={leads.error}
        columns={SOURCE_COLUMNS}
      />
      <ReportSection
        id="response-times"
        title="Time to first response"
        description="Inbox items that arrived in the period, from arrival to the first reply sent."
        rows={response.data}
        loading={response.isPending}
        error={response.error}
        columns={responseColumns}
      />
    </div>
  );
}
