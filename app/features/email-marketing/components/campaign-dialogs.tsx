/**
 * The campaign's dialogs — preview as a chosen consenting contact gets it, the send confirmation
 * naming how many it reaches, the schedule in Africa/Accra — loaded when one is first opened.
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { MAX_TRACKED_LINKS, messageLinks } from "#core/email-marketing/links.ts";
import { renderMerge } from "#core/email-marketing/merge.ts";
import { accraLocalToInstant, formatAccra, scheduleSchema } from "#core/email-marketing/sending.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { scheduleCampaign, sendCampaign, type EmailCampaign } from "../api/email-marketing-api.ts";
import { useAudienceCounts, useConsentedContacts, useRefreshMarketing } from "../hooks/marketing-queries.ts";

export function PreviewDialog({ campaign }: { campaign: EmailCampaign }) {
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

export function SendDialog({ campaign, onDone }: { campaign: EmailCampaign; onDone: () => void }) {
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
export function ScheduleDialog({ campaign, onDone }: { campaign: EmailCampaign; onDone: () => void }) {
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
