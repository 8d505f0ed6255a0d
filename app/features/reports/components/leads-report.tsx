/** Leads: new contacts by source and by week, how fast the inbox is answered per agent, and unassigned items by age. */
import { useMemo } from "react";
import type { LeadRow, ResponseRow } from "#core/reports/figures.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import type { Period } from "../api/reports-api.ts";
import { INBOX_AGES, INBOX_AGE_LABELS, type UnassignedRow } from "#core/reports/watch.ts";
import { useLeads, useResponseTimes, useUnassignedInbox } from "../hooks/report-queries.ts";
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

const INBOX_LABELS: Record<string, string> = {
  contact_submissions: "Enquiries",
  bookings: "Viewing requests",
  consultations: "Consultations",
};
const UNASSIGNED_COLUMNS: ReportColumn<UnassignedRow>[] = [
  {
    header: "Inbox",
    cell: (r) => INBOX_LABELS[r.inbox] ?? r.inbox,
    csv: (r) => INBOX_LABELS[r.inbox] ?? r.inbox,
  },
  ...INBOX_AGES.map(
    (a): ReportColumn<UnassignedRow> => ({
      header: INBOX_AGE_LABELS[a],
      numeric: true,
      cell: (r) => r[a],
      csv: (r) => r[a],
    }),
  ),
  {
    header: "Oldest arrived",
    cell: (r) => r.oldest?.slice(0, 10) ?? "—",
    csv: (r) => r.oldest?.slice(0, 10) ?? null,
  },
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
  const unassigned = useUnassignedInbox();
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
      <ReportSection
        id="unassigned-inbox"
        title="Unassigned inbox items by age (today)"
        description="Open enquiries, viewing requests and consultations nobody is assigned to, by days since they arrived (Africa/Accra)."
        rows={unassigned.data}
        loading={unassigned.isPending}
        error={unassigned.error}
        columns={UNASSIGNED_COLUMNS}
        empty="Every open inbox item has someone assigned."
      />
    </div>
  );
}
