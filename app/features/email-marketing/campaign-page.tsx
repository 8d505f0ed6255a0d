/**
 * /email-marketing/campaigns/:id: one campaign on the record kit's engine — its summary (status
 * and schedule in Accra, the list and how many it reaches, and once sending: sent, clicked and
 * unsubscribed; there is no tracking pixel, so no "opened") with its actions (preview, test,
 * schedule, send), then its message and its history as tabs.
 */
import { useParams } from "react-router";
import { formatAccra } from "#core/email-marketing/sending.ts";
import { defineRecordPage, RecordPage } from "#app/components/records/record-page.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { EmailCampaign } from "./api/email-marketing-api.ts";
import { CampaignActions, CampaignStatus } from "./components/campaign-actions.tsx";
import { useAudienceCounts, useCampaign, useCampaignFigures, useLists } from "./hooks/marketing-queries.ts";

const CAMPAIGN_PAGE = defineRecordPage<EmailCampaign>({
  noun: "campaign",
  back: { to: "/email-marketing", label: "All campaigns" },
  useRecord: useCampaign,
  title: (row) => row.name,
  Summary: CampaignSummary,
  Actions: ({ row }) => <CampaignActions campaign={row} />,
  tabs: [
    { id: "message", label: "Message", content: MessageTab },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="email_campaigns" recordId={row.id} />,
    },
  ],
});

export default function CampaignPage() {
  const { id = "" } = useParams();
  return <RecordPage definition={CAMPAIGN_PAGE} id={id} />;
}

function CampaignSummary({ row }: { row: EmailCampaign }) {
  const lists = useLists();
  const started = row.status === "sending" || row.status === "sent";
  const counts = useAudienceCounts(started ? null : row.list_id);
  const figures = useCampaignFigures(row.id, row.status === "sending");
  const f = started ? figures.data : undefined;
  const wait = <Skeleton className="h-4 w-12" />;
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <CampaignStatus campaign={row} />
      </SummaryFact>
      <SummaryFact label="List">{lists.data?.find((l) => l.id === row.list_id)?.name ?? "—"}</SummaryFact>
      <SummaryFact label="Audience">
        {started
          ? `${row.recipients_count} people`
          : counts.data
            ? `${counts.data.reachable} people`
            : row.list_id
              ? wait
              : "No list"}
      </SummaryFact>
      {row.scheduled_at && <SummaryFact label="Scheduled for">{formatAccra(row.scheduled_at)}</SummaryFact>}
      {started && (
        <>
          <SummaryFact label="Sent">{f ? f.sent : wait}</SummaryFact>
          <SummaryFact label="Clicked">{f ? f.clicked : wait}</SummaryFact>
          <SummaryFact label="Unsubscribed">{f ? f.unsubscribed : wait}</SummaryFact>
        </>
      )}
    </SummaryFacts>
  );
}

function MessageTab({ row }: { row: EmailCampaign }) {
  return (
    <article aria-label="Message" className="flex max-w-3xl flex-col gap-2 rounded-md border p-4 text-sm">
      <p className="font-semibold">{row.subject}</p>
      <p className="whitespace-pre-wrap">{row.body}</p>
    </article>
  );
}
