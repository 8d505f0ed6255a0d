/**
 * An inbox record at its own address (`<inbox path>/:id`: deep links, reloads, the pane's "Open
 * its page"), on the record kit's engine: the summary (status, who works it, when it came in and
 * the inbox's own facts — a viewing's listing by its title and time), then the record as the
 * pane shows it (actions, replies, notes) and its history as tabs.
 */
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { INBOXES } from "#core/inbox/inbox-model.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { defineRecordPage, RecordPage } from "#app/components/records/record-page.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { StatusBadge } from "#app/components/records/status-badge.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useInboxRecord } from "../hooks/inbox-queries.ts";
import { InboxDetail } from "./inbox-detail.tsx";
import { statusMapOf, type InboxScreen } from "./inbox-screen.ts";

function inboxRecordDefinition(screen: InboxScreen) {
  const { inbox } = screen;
  const def = INBOXES[inbox];
  const appointment = inbox === "consultations" || inbox === "bookings";
  function Summary({ row }: { row: InboxRow }) {
    const fmt = useFormatters();
    return (
      <SummaryFacts>
        <SummaryFact label="Status">
          <StatusBadge value={row.status} map={statusMapOf(inbox)} />
        </SummaryFact>
        <OwnerFact label={appointment ? "Host" : "Assignee"} ownerId={row.assignee_id} />
        {(screen.facts?.(row, fmt) ?? []).map((f) => (
          <SummaryFact key={f.label} label={f.label}>
            {f.value}
          </SummaryFact>
        ))}
        <SummaryFact label="Received">{fmt.dateTime(row.created_at)}</SummaryFact>
      </SummaryFacts>
    );
  }
  function DetailsTab({ row }: { row: InboxRow }) {
    const navigate = useNavigate();
    return <InboxDetail screen={screen} id={row.id} onClose={() => navigate(def.path)} />;
  }
  return defineRecordPage<InboxRow>({
    noun: def.noun,
    back: { to: def.path, label: `All ${def.title.toLowerCase()}` },
    useRecord: (id) => useInboxRecord(inbox, id),
    title: (row) => row.full_name,
    Summary,
    tabs: [
      { id: "details", label: "Details", content: DetailsTab },
      {
        id: "history",
        label: "History",
        content: ({ row }) => <RecordHistory table={inbox} recordId={row.id} />,
      },
    ],
  });
}

export function InboxRecordPage({ screen }: { screen: InboxScreen }) {
  const { id = "" } = useParams();
  // The definition's components must keep their identity across renders (or their state resets).
  const definition = useMemo(() => inboxRecordDefinition(screen), [screen]);
  return <RecordPage definition={definition} id={id} />;
}
