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
import { Link } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { campaignSchema } from "#core/email-marketing/merge.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { createCampaign } from "../api/email-marketing-api.ts";
import { useCampaigns, useLists, useRefreshMarketing, useTemplates } from "../hooks/marketing-queries.ts";
import { CampaignActions, campaignPath, CampaignStatus, Figures } from "./campaign-actions.tsx";
import { MergeFieldHint } from "./templates-tab.tsx";

export function CampaignsTab() {
  const campaigns = useCampaigns();
  const lists = useLists();
  const listName = (id: string | null) => lists.data?.find((l) => l.id === id)?.name ?? "—";
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
                <Link to={campaignPath(c.id)} className="underline-offset-4 hover:underline">
                  {c.name}
                </Link>
              </TableCell>
              <TableCell data-label="List">{listName(c.list_id)}</TableCell>
              <TableCell data-label="Status">
                <CampaignStatus campaign={c} />
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
                  <CampaignActions campaign={c} />
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
    </div>
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
