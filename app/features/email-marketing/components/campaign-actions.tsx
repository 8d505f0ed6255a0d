/**
 * A campaign's status in words and its actions — preview it as a chosen consenting contact would
 * get it, send a test to oneself, schedule it (Africa/Accra), send it after a confirmation naming
 * how many people it reaches, cancel a schedule — and its figures; shared by the campaigns table
 * and the campaign's own page.
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { MAX_TRACKED_LINKS, messageLinks } from "#core/email-marketing/links.ts";
import { renderMerge } from "#core/email-marketing/merge.ts";
import { accraLocalToInstant, formatAccra, scheduleSchema } from "#core/email-marketing/sending.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import {
  cancelCampaignSchedule,
  scheduleCampaign,
  sendCampaign,
  sendCampaignTest,
  type EmailCampaign,
} from "../api/email-marketing-api.ts";
import {
  useAudienceCounts,
  useCampaignFigures,
  useConsentedContacts,
  useRefreshMarketing,
} from "../hooks/marketing-queries.ts";

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
      <Dialog open={previewing} onOpenChange={setPreviewing}>
        {previewing && <PreviewDialog campaign={c} />}
      </Dialog>
      <Dialog open={sending} onOpenChange={setSending}>
        {sending && <SendDialog campaign={c} onDone={() => setSending(false)} />}
      </Dialog>
      <Dialog open={scheduling} onOpenChange={setScheduling}>
        {scheduling && <ScheduleDialog campaign={c} onDone={() => setScheduling(false)} />}
      </Dialog>
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

function PreviewDialog({ campaign }: { campaign: EmailCampaign }) {
  const contacts = useConsentedContacts("");
  const [contactId, setContactId] = useState("");
  const links = messageLinks(campaign.body);
  const contact = contacts.data?.find((c) => c.id === contactId) ??
    contacts.data?.[0] ?? {
      first_name: "Ama",
      last_name: "Owusu",
      city: "Accra",
      email: "ama@example.com",
      id: "",
    };
  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Preview “{campaign.name}”</DialogTitle>
        <DialogDescription>
          As the chosen recipient gets it (an unsubscribe link is added to every mail).
        </DialogDescription>
      </DialogHeader>
      <Label htmlFor="preview-contact">Recipient</Label>
      <NativeSelect id="preview-contact" value={contactId} onChange={(e) => setContactId(e.target.value)}>
        {contacts.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {[c.first_name, c.last_name].filter(Boolean).join(" ")} &lt;{c.email}&gt;
          </option>
        ))}
      </NativeSelect>
      <article aria-label="Preview" className="rounded-md border p-4">
        <p className="font-semibold" data-testid="preview-subject">
          {renderMerge(campaign.subject, contact)}
        </p>
        <p className="mt-2 whitespace-pre-wrap" data-testid="preview-body">
          {renderMerge(campaign.body, contact)}
        </p>
        <p className="mt-3 border-t pt-2 text-xs text-muted-foreground">
          You receive this because you agreed to hear from us. Unsubscribe
        </p>
      </article>
      {links.length > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="preview-links">
          Counted when clicked, in the HTML and the plain-text part ({links.length}
          {links.length === MAX_TRACKED_LINKS ? `, the first ${MAX_TRACKED_LINKS} only` : ""}):{" "}
          {links.join(" · ")}
        </p>
      )}
    </DialogContent>
  );
}

function SendDialog({ campaign, onDone }: { campaign: EmailCampaign; onDone: () => void }) {
  const refresh = useRefreshMarketing();
  const counts = useAudienceCounts(campaign.list_id);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const queued = await sendCampaign(campaign.id);
      toast.success(`Campaign queued to ${queued} ${queued === 1 ? "person" : "people"}`, {
        description: "It goes out in the background, in batches: its figures show the progress.",
      });
      onDone();
    } catch (err) {
      toast.error("Not sent", { description: describeDbError(err).message });
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Send “{campaign.name}”?</DialogTitle>
        <DialogDescription>
          {counts.data
            ? `It reaches ${counts.data.reachable} consenting ${counts.data.reachable === 1 ? "person" : "people"}; ${counts.data.suppressed} suppressed are skipped.`
            : "Counting the recipients…"}{" "}
          Each address gets it once.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button onClick={() => void send()} disabled={busy}>
          Send now
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** A date and time in Africa/Accra (UTC+0 all year, so the wall clock is UTC's), at least a minute ahead. */
function ScheduleDialog({ campaign, onDone }: { campaign: EmailCampaign; onDone: () => void }) {
  const refresh = useRefreshMarketing();
  const [local, setLocal] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = scheduleSchema.safeParse({ local });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    try {
      const at = await scheduleCampaign(campaign.id, accraLocalToInstant(parsed.data.local)!);
      toast.success(`“${campaign.name}” scheduled for ${formatAccra(at)}`);
      onDone();
    } catch (err) {
      setError(describeDbError(err).message);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return (
    <DialogContent>
      <form onSubmit={save} className="flex flex-col gap-3">
        <DialogHeader>
          <DialogTitle>Schedule “{campaign.name}”</DialogTitle>
          <DialogDescription>
            It goes out at this time in Accra (GMT). You can cancel the schedule until then.
          </DialogDescription>
        </DialogHeader>
        <Label htmlFor="schedule-at">Send on (Accra time)</Label>
        <Input
          id="schedule-at"
          type="datetime-local"
          value={local}
          onChange={(e) => setLocal(e.target.value)}
          aria-invalid={!!error}
        />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="submit" disabled={busy}>
            Schedule
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
