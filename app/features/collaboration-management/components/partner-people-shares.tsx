/**
 * A partner's people (each invited to the portal by e-mail: a `partner` account, never staff)
 * and the listings shared with it on a split: two tabs of its record page.
 */
import { MailIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  memberFormSchema,
  shareFormSchema,
  type PartnerRow,
} from "#core/collaboration-management/partner-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { addMember, shareListing } from "../api/partners-api.ts";
import {
  partnerKeys,
  useInviteMember,
  useListingOptions,
  useMembers,
  useRefreshPartners,
  useShares,
  useStopSharing,
} from "../hooks/partner-queries.ts";

export function People({ partner }: { partner: PartnerRow }) {
  const members = useMembers(partner.id);
  const fmt = useFormatters();
  const refresh = useRefreshPartners();
  const invite = useInviteMember(partner.id);
  const rf = useRecordForm({
    schema: memberFormSchema,
    values: { full_name: "", email: "", phone: "", position: "" },
    version: null,
    save: (v) => addMember(partner.id, v),
    onSaved: () => {
      toast.success("Person added");
      rf.form.reset({ full_name: "", email: "", phone: "", position: "" });
      void refresh(partnerKeys.members(partner.id));
    },
    fieldLabels: { full_name: "Name", email: "Email", phone: "Phone", position: "Position" },
  });
  const { register, formState } = rf.form;
  return (
    <div className="flex flex-col gap-4">
      {members.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : members.isError ? (
        <Alert variant="destructive">
          Could not load the people: {describeDbError(members.error).message}
        </Alert>
      ) : members.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No people yet: add the agent who will use the portal.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="People">
          {members.data.map((m) => (
            <li
              key={m.id}
              aria-label={m.full_name}
              className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {m.full_name}
                  {m.position && <span className="font-normal text-muted-foreground"> · {m.position}</span>}
                </p>
                <p className="text-muted-foreground">
                  {m.email}
                  {m.phone && ` · ${m.phone}`}
                </p>
              </div>
              {m.user_id ? <Badge tone="success">Portal account</Badge> : null}
              {m.invited_at && (
                <span className="text-xs text-muted-foreground">Invited {fmt.dateTime(m.invited_at)}</span>
              )}
              <Button
                size="sm"
                variant="outline"
                onClick={() => invite.mutate(m.id)}
                disabled={invite.isPending || partner.status !== "active"}
              >
                <MailIcon aria-hidden="true" />
                {m.invited_at ? "Invite again" : "Invite to the portal"}
                <span className="sr-only"> ({m.full_name})</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RecordForm state={rf} label="Add a person" submitLabel="Add person" className="rounded-lg border p-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Name" error={errorOf(formState.errors, "full_name")} required>
            <Input {...register("full_name")} autoComplete="off" />
          </Field>
          <Field label="Email" error={errorOf(formState.errors, "email")} required>
            <Input type="email" {...register("email")} autoComplete="off" />
          </Field>
          <Field label="Phone" error={errorOf(formState.errors, "phone")}>
            <Input {...register("phone")} autoComplete="off" />
          </Field>
          <Field label="Position" error={errorOf(formState.errors, "position")}>
            <Input {...register("position")} autoComplete="off" />
          </Field>
        </div>
      </RecordForm>
    </div>
  );
}

export function Shares({ partner }: { partner: PartnerRow }) {
  const shares = useShares(partner.id);
  const listings = useListingOptions();
  const refresh = useRefreshPartners();
  const [confirming, setConfirming] = useState<string | null>(null);
  const stop = useStopSharing(partner.id);
  const rf = useRecordForm({
    schema: shareFormSchema,
    values: { property_id: "", partner_split_percent: String(partner.default_split_percent), note: "" },
    version: null,
    save: (v) => shareListing(partner.id, v),
    onSaved: () => {
      toast.success("Listing shared");
      rf.form.reset({
        property_id: "",
        partner_split_percent: String(partner.default_split_percent),
        note: "",
      });
      void refresh(partnerKeys.shares(partner.id));
    },
    fieldLabels: { property_id: "Listing", partner_split_percent: "Partner's split (%)", note: "Note" },
  });
  const { register, formState } = rf.form;
  const sharedIds = new Set((shares.data ?? []).map((s) => s.property_id));
  return (
    <div className="flex flex-col gap-4">
      {shares.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : shares.isError ? (
        <Alert variant="destructive">
          Could not load the shared listings: {describeDbError(shares.error).message}
        </Alert>
      ) : shares.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing shared yet: the partner sees only the listings you share here.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Shared listings">
          {shares.data.map((s) => (
            <li
              key={s.id}
              aria-label={s.properties?.title ?? "Listing"}
              className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <Link to={`/properties-admin/${s.property_id}`} className="font-medium hover:underline">
                  {s.properties?.title ?? "Listing"}
                </Link>
                {s.note && <p className="text-muted-foreground">{s.note}</p>}
              </div>
              <span className="tabular-nums">Partner's split {s.partner_split_percent}%</span>
              {confirming === s.id ? (
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => stop.mutate(s.id)}
                  disabled={stop.isPending}
                >
                  Confirm: stop sharing
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setConfirming(s.id)}>
                  <Trash2Icon aria-hidden="true" />
                  Stop sharing<span className="sr-only"> {s.properties?.title}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RecordForm
        state={rf}
        label="Share a listing"
        submitLabel="Share listing"
        className="rounded-lg border p-4"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Listing" error={errorOf(formState.errors, "property_id")} required>
            <NativeSelect {...register("property_id")}>
              <option value="">Choose…</option>
              {(listings.data ?? [])
                .filter((l) => !sharedIds.has(l.id))
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.title}
                    {l.city ? ` · ${l.city}` : ""}
                  </option>
                ))}
            </NativeSelect>
          </Field>
          <Field
            label="Partner's split (%)"
            error={errorOf(formState.errors, "partner_split_percent")}
            required
          >
            <Input inputMode="decimal" {...register("partner_split_percent")} autoComplete="off" />
          </Field>
          <Field label="Note" error={errorOf(formState.errors, "note")}>
            <Input {...register("note")} autoComplete="off" />
          </Field>
        </div>
      </RecordForm>
    </div>
  );
}
