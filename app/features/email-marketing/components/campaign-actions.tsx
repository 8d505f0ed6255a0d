/**
 * A campaign's status in words and its actions — preview it as a chosen consenting contact would
 * get it, send a test to oneself, schedule it (Africa/Accra), send it after a confirmation naming
 * how many people it reaches, cancel a schedule — and its figures; shared by the campaigns table
 * and the campaign's own page.
 */
import { lazy, Suspense, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { formatAccra } from "#core/email-marketing/sending.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { cancelCampaignSchedule, sendCampaignTest, type EmailCampaign } from "../api/email-marketing-api.ts";
import { useCampaignFigures, useRefreshMarketing } from "../hooks/marketing-queries.ts";

// The dialogs' code loads when one is first opened, not with the campaigns screen.
const dialogs = () => import("./campaign-dialogs.tsx");
const PreviewDialog = lazy(() => dialogs().then((m) => ({ default: m.PreviewDialog })));
const SendDialog = lazy(() => dialogs().then((m) => ({ default: m.SendDialog })));
const ScheduleDialog = lazy(() => dialogs().then((m) => ({ default: m.ScheduleDialog })));

export const campaignPath = (id: string) => `/email-marketing/campaigns/${id}`;

export function CampaignStatus({ campaign: c }: { campaign: EmailCampaign }) {
  return (
    <>
      {c.status === "draft"
        ? "Draft"
        : c.status === "scheduled" && c.scheduled_at
          ? `Scheduled for ${formatAccra(c.scheduled_at)}`
          : c.status === "sending"
            ? "Sending"
            : "Sent"}
      {c.status === "draft" && c.schedule_error && (
        <span className="block text-xs text-destructive">
          Not sent at its scheduled time: {c.schedule_error}
        </span>
      )}
    </>
  );
}

export function CampaignActions({ campaign: c }: { campaign: EmailCampaign }) {
  const [previewing, setPreviewing] = useState(false);
  const [sending, setSending] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const refresh = useRefreshMarketing();
  const sendTest = async () => {
    try {
      const address = await sendCampaignTest(c.id);
      toast.success(`Test sent to ${address}`, {
        description: "Its subject starts with [Test]; nobody else receives it.",
      });
    } catch (err) {
      toast.error("Test not sent", { description: describeDbError(err).message });
    }
  };
  const cancelSchedule = async () => {
    try {
      await cancelCampaignSchedule(c.id);
      toast.success(`“${c.name}” is a draft again`);
    } catch (err) {
      toast.error("Schedule not cancelled", { description: describeDbError(err).message });
    } finally {
      await refresh();
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setPreviewing(true)}>
        Preview<span className="sr-only"> {c.name}</span>
      </Button>
      {c.status === "draft" && (
        <>
          <Button size="sm" variant="outline" onClick={() => void sendTest()}>
            Send a test to me<span className="sr-only"> ({c.name})</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => setScheduling(true)}>
            Schedule<span className="sr-only"> {c.name}</span>
          </Button>
          <Button size="sm" onClick={() => setSending(true)}>
            Send<span className="sr-only"> {c.name}</span>
          </Button>
        </>
      )}
      {c.status === "scheduled" && (
        <Button size="sm" variant="outline" onClick={() => void cancelSchedule()}>
          Cancel schedule<span className="sr-only"> of {c.name}</span>
        </Button>
      )}
      {(previewing || sending || scheduling) && (
        <Suspense>
          <Dialog open={previewing} onOpenChange={setPreviewing}>
            {previewing && <PreviewDialog campaign={c} />}
          </Dialog>
          <Dialog open={sending} onOpenChange={setSending}>
            {sending && <SendDialog campaign={c} onDone={() => setSending(false)} />}
          </Dialog>
          <Dialog open={scheduling} onOpenChange={setScheduling}>
            {scheduling && <ScheduleDialog campaign={c} onDone={() => setScheduling(false)} />}
          </Dialog>
        </Suspense>
      )}
    </>
  );
}

/** `audience`: while the campaign is being queued, how many it will reach (its progress target). */
export function Figures({ campaignId, audience }: { campaignId: string; audience: number | null }) {
  const figures = useCampaignFigures(campaignId, audience !== null);
  const f = figures.data;
  if (!f) return <span>…</span>;
  return (
    <span className="text-sm tabular-nums" data-testid="figures">
      {audience !== null && (
        <span className="block" data-testid="queueing-progress">
          {f.recipients} of {audience} queued
        </span>
      )}
      {f.recipients} recipients · {f.sent} sent · {f.pending} waiting · {f.failed} failed · {f.unsubscribed}{" "}
      unsubscribed · {f.clicked} clicked · {f.bounced} bounced
    </span>
  );
}
