/**
 * Campaigns: write one (from a template or from scratch) for a list, preview it as a chosen
 * consenting contact would get it (core's renderMerge, the database's rules; the links counted when
 * clicked, core's messageLinks), send it — after a
 * confirmation naming how many people it reaches; the database queues each address once and
 * refuses a list with nobody consenting — and follow its figures: recipients, sent, waiting,
 * failed, unsubscribed, clicked (links go through the edge's click redirect), bounced — and, while
 * a large one is still being queued by the edge's job ("Sending"), how many of its audience are. No
 * tracking pixel. "Send a test to me" mails one [Test] copy to the signed-in user; "Schedule…"
 * takes a date and time in Africa/Accra and the edge's job sends it then; "Cancel schedule"
 * returns it to draft until it has started.
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { MAX_TRACKED_LINKS, messageLinks } from "#core/email-marketing/links.ts";
import { campaignSchema, renderMerge } from "#core/email-marketing/merge.ts";
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  cancelCampaignSchedule,
  createCampaign,
  scheduleCampaign,
  sendCampaign,
  sendCampaignTest,
  type EmailCampaign,
} from "../api/email-marketing-api.ts";
import {
  useAudienceCounts,
  useCampaignFigures,
  useCampaigns,
  useConsentedContacts,
  useLists,
  useRefreshMarketing,
  useTemplates,
} from "../hooks/marketing-queries.ts";
import { MergeFieldHint } from "./templates-tab.tsx";

export function CampaignsTab() {
  const campaigns = useCampaigns();
  const lists = useLists();
  const listName = (id: string | null) => lists.data?.find((l) => l.id === id)?.name ?? "—";
  const [previewing, setPreviewing] = useState<EmailCampaign | null>(null);
  const [sending, setSending] = useState<EmailCampaign | null>(null);
  const [scheduling, setScheduling] = useState<EmailCampaign | null>(null);
  const refresh = useRefreshMarketing();
  const sendTest = async (c: EmailCampaign) => {
    try {
      const address = await sendCampaignTest(c.id);
      toast.success(`Test sent to ${address}`, {
        description: "Its subject starts with [Test]; nobody else receives it.",
      });
    } catch (err) {
      toast.error("Test not sent", { description: describeDbError(err).message });
    }
  };
  const cancelSchedule = async (c: EmailCampaign) => {
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
    <div className="flex flex-col gap-4 pt-3">
      <Table stacked aria-label="Campaigns">
        <TableHeader>
          <TableRow>
            <TableHead>Campaign</TableHead>
            <TableHead>List</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Figures</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(campaigns.data ?? []).map((c) => (
            <TableRow key={c.id} data-campaign={c.name}>
              <TableCell data-label="" className="font-medium">
                {c.name}
              </TableCell>
              <TableCell data-label="List">{listName(c.list_id)}</TableCell>
              <TableCell data-label="Status">
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
              </TableCell>
              <TableCell data-label="Figures">
                {c.status === "sent" || c.status === "sending" ? (
                  <Figures campaignId={c.id} audience={c.status === "sending" ? c.recipients_count : null} />
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell data-label="" className="text-right">
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="outline" onClick={() => setPreviewing(c)}>
                    Preview<span className="sr-only"> {c.name}</span>
                  </Button>
                  {c.status === "draft" && (
                    <>
                      <Button size="sm" variant="outline" onClick={() => void sendTest(c)}>
                        Send a test to me<span className="sr-only"> ({c.name})</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setScheduling(c)}>
                        Schedule<span className="sr-only"> {c.name}</span>
                      </Button>
                      <Button size="sm" onClick={() => setSending(c)}>
                        Send<span className="sr-only"> {c.name}</span>
                      </Button>
                    </>
                  )}
                  {c.status === "scheduled" && (
                    <Button size="sm" variant="outline" onClick={() => void cancelSchedule(c)}>
                      Cancel schedule<span className="sr-only"> of {c.name}</span>
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
          {campaigns.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-muted-foreground">
                No campaigns yet.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <NewCampaign />
      <Dialog open={!!previewing} onOpenChange={(o) => !o && setPreviewing(null)}>
        {previewing && <PreviewDialog campaign={previewing} />}
      </Dialog>
      <Dialog open={!!sending} onOpenChange={(o) => !o && setSending(null)}>
        {sending && <SendDialog campaign={sending} onDone={() => setSending(null)} />}
      </Dialog>
      <Dialog open={!!scheduling} onOpenChange={(o) => !o && setScheduling(null)}>
        {scheduling && <ScheduleDialog campaign={scheduling} onDone={() => setScheduling(null)} />}
      </Dialog>
    </div>
  );
}

/** `audience`: while the campaign is being queued, how many it will reach (its progress target). */
function Figures({ campaignId, audience }: { campaignId: string; audience: number | null }) {
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

function NewCampaign() {
  const refresh = useRefreshMarketing();
  const lists = useLists();
  const templates = useTemplates();
  const [form, setForm] = useState({ name: "", list_id: "", template_id: "", subject: "", body: "" });
  const [error, setError] = useState<string | null>(null);
  const applyTemplate = (id: string) => {
    const t = templates.data?.find((x) => x.id === id);
    setForm({ ...form, template_id: id, subject: t?.subject ?? form.subject, body: t?.body ?? form.body });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = campaignSchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await createCampaign({ ...parsed.data, template_id: form.template_id || null });
      toast.success(`Campaign “${parsed.data.name}” saved as a draft`);
      setForm({ name: "", list_id: "", template_id: "", subject: "", body: "" });
      setError(null);
      await refresh();
    } catch (err) {
      setError(describeDbError(err).message);
    }
  };
  return (
    <form onSubmit={save} aria-label="New campaign" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">New campaign</h2>
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor="campaign-name">Campaign name</Label>
          <Input
            id="campaign-name"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            className="w-72"
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="campaign-list">Send to</Label>
          <NativeSelect
            id="campaign-list"
            value={form.list_id}
            onChange={(e) => setForm({ ...form, list_id: e.target.value })}
          >
            <option value="">Choose a list…</option>
            {lists.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="campaign-template">Start from a template</Label>
          <NativeSelect
            id="campaign-template"
            value={form.template_id}
            onChange={(e) => applyTemplate(e.target.value)}
          >
            <option value="">No template</option>
            {templates.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <Label htmlFor="campaign-subject">Subject</Label>
      <Input
        id="campaign-subject"
        value={form.subject}
        onChange={(e) => setForm({ ...form, subject: e.target.value })}
      />
      <Label htmlFor="campaign-body">Message</Label>
      <Textarea
        id="campaign-body"
        rows={8}
        value={form.body}
        onChange={(e) => setForm({ ...form, body: e.target.value })}
      />
      <MergeFieldHint text={`${form.subject}\n${form.body}`} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start">
        Save draft
      </Button>
    </form>
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
