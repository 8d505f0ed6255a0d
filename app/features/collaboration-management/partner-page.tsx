/**
 * /collaboration-management/:id (admins): one partner — details, its people (each invited to the
 * portal by e-mail: a `partner` account, never staff), the listings shared with it and on what
 * split, the buyers it registered (first registration wins, time-stamped; accepted or declined with
 * a reason), its co-broke deals (created and edited here), its agreements and the message thread.
 */
import { ArrowLeftIcon, MailIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  memberFormSchema,
  PARTNER_STATUS_LABELS,
  shareFormSchema,
  type PartnerRow,
} from "#core/partners/partner-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { addMember, shareListing, updatePartner } from "./api/partners-api.ts";
import { AgreementsTab } from "./components/agreements-tab.tsx";
import { BuyersTab } from "./components/buyers-tab.tsx";
import { DealsTab } from "./components/deals-tab.tsx";
import { MessagesTab } from "./components/messages-tab.tsx";
import { PartnerForm } from "./components/partner-form.tsx";
import {
  partnerKeys,
  useInviteMember,
  useListingOptions,
  useMembers,
  usePartner,
  useRefreshPartners,
  useShares,
  useStopSharing,
} from "./hooks/partner-queries.ts";

const TABS = [
  { id: "people", label: "People" },
  { id: "listings", label: "Shared listings" },
  { id: "buyers", label: "Buyers" },
  { id: "deals", label: "Co-broke deals" },
  { id: "agreements", label: "Agreements" },
  { id: "messages", label: "Messages" },
  { id: "details", label: "Details" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export default function PartnerPage() {
  const { id = "" } = useParams();
  const partner = usePartner(id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "people";
  const refresh = useRefreshPartners();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/collaboration-management"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        All partners
      </Link>
      {partner.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : partner.isError ? (
        <Alert variant="destructive">
          This partner cannot be opened: {describeDbError(partner.error).message}
        </Alert>
      ) : (
        <>
          <header className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">{partner.data.name}</h1>
            <p className="text-sm text-muted-foreground">
              {partner.data.reac_licence_number} · usual split {partner.data.default_split_percent}% ·{" "}
              {PARTNER_STATUS_LABELS[partner.data.status]}
            </p>
          </header>
          <Tabs
            value={tab}
            onValueChange={(t) => setParams(t === "people" ? {} : { tab: t }, { preventScrollReset: true })}
          >
            <TabsList className="h-auto flex-wrap">
              {TABS.map((t) => (
                <TabsTrigger key={t.id} value={t.id}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="people">
              <People partner={partner.data} />
            </TabsContent>
            <TabsContent value="listings">
              <Shares partner={partner.data} />
            </TabsContent>
            <TabsContent value="buyers">
              <BuyersTab partnerId={id} />
            </TabsContent>
            <TabsContent value="deals">
              <DealsTab partner={partner.data} />
            </TabsContent>
            <TabsContent value="agreements">
              <AgreementsTab partner={partner.data} />
            </TabsContent>
            <TabsContent value="messages">
              <MessagesTab partnerId={id} partnerName={partner.data.name} />
            </TabsContent>
            <TabsContent value="details">
              <PartnerForm
                row={partner.data}
                save={(values, version) => updatePartner(id, version ?? partner.data.updated_at, values)}
                onSaved={() => {
                  void refresh();
                  toast.success("Partner saved");
                }}
                reload={partner.refetch}
              />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

function People({ partner }: { partner: PartnerRow }) {
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

function Shares({ partner }: { partner: PartnerRow }) {
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
