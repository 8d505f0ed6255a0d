/**
 * /property-hunt/new and /property-hunt/:id (admins): one hunt. A new hunt is its details form;
 * once created, the page has its stage controls in the header and tabs (in the URL, `?tab=`):
 * details, inspections and photos, title due diligence, history. An acquired hunt links to its
 * listing and no longer changes.
 */
import { ArrowLeftIcon, ExternalLinkIcon } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { REJECTION_REASON_LABELS } from "#core/property-hunt/hunt-workflow.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { TitleChecklist } from "#app/domains/title-checks/components/title-checklist.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { createHunt, updateHunt } from "./api/hunts-api.ts";
import { huntPath, huntPlace, huntPrice } from "./components/hunt-format.ts";
import { HuntForm } from "./components/hunt-form.tsx";
import { HuntInspections } from "./components/hunt-inspections.tsx";
import { HuntOwnerContact } from "./components/hunt-owner-contact.tsx";
import { HuntStageActions } from "./components/hunt-stage-actions.tsx";
import { HuntStageBadge } from "./components/hunt-stage-badge.tsx";
import { useHunt, useHuntChanged } from "./hooks/hunt-queries.ts";

const TABS = [
  { id: "details", label: "Details" },
  { id: "inspections", label: "Inspections & photos" },
  { id: "title", label: "Due diligence" },
  { id: "history", label: "History" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const BACK = "/property-hunt";

export default function HuntPage() {
  const { id } = useParams();
  return id ? <ExistingHunt id={id} /> : <NewHunt />;
}

function NewHunt() {
  const navigate = useNavigate();
  const changed = useHuntChanged();
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New hunt</h1>
      <HuntForm
        row={null}
        save={(values) => createHunt(values)}
        onSaved={(row) => {
          changed(row.id, "created");
          toast.success("Hunt created");
          navigate(huntPath(row.id), { replace: true });
        }}
        onCancel={() => navigate(BACK)}
      />
    </div>
  );
}

function ExistingHunt({ id }: { id: string }) {
  const hunt = useHunt(id);
  const changed = useHuntChanged();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "details";
  const setTab = (t: string) => setParams(t === "details" ? {} : { tab: t }, { preventScrollReset: true });

  if (hunt.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">Loading the hunt</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (hunt.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">
          <div className="flex flex-col gap-2">
            <p className="font-medium">This hunt cannot be opened.</p>
            <p>{describeDbError(hunt.error).message}</p>
          </div>
        </Alert>
      </div>
    );
  }
  const row = hunt.data;
  const final = row.stage === "acquired";
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <HuntHeader row={row} />
      <HuntOwnerContact
        row={row}
        readOnly={final}
        onChanged={() => void hunt.refetch().then(() => changed(row.id))}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details">
          {final ? (
            <p className="text-sm text-muted-foreground">
              An acquired hunt no longer changes: edit its listing in Properties.
            </p>
          ) : (
            <HuntForm
              row={row}
              save={(values, version) => updateHunt(row.id, version ?? row.updated_at, values)}
              onSaved={() => {
                changed(row.id);
                toast.success("Hunt saved");
              }}
              reload={hunt.refetch}
              onCancel={() => navigate(BACK)}
            />
          )}
        </TabsContent>
        <TabsContent value="inspections">
          <HuntInspections huntId={row.id} readOnly={final} />
        </TabsContent>
        <TabsContent value="title">
          {row.property_id ? (
            <p className="text-sm text-muted-foreground">
              The due diligence moved with the property to its listing:{" "}
              <Link className="underline" to={`/title-checks/listing/${row.property_id}`}>
                open it there
              </Link>
              .
            </p>
          ) : (
            <TitleChecklist subject={{ huntId: row.id }} canVerify onChanged={() => changed(row.id)} />
          )}
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab row={row} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to={BACK}
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      All hunts
    </Link>
  );
}

function HuntHeader({ row }: { row: HuntRow }) {
  const fmt = useFormatters();
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{row.title}</h1>
        <p
          className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
          data-testid="hunt-stage"
        >
          <HuntStageBadge stage={row.stage} />
          <span>{huntPlace(row)}</span>
          <span aria-hidden="true">·</span>
          <span>{huntPrice(row, fmt)}</span>
          {row.offer_amount !== null && <span>· offered {fmt.money(row.offer_amount, row.currency)}</span>}
          {row.stage === "rejected" && row.rejection_reason && (
            <span>
              · {REJECTION_REASON_LABELS[row.rejection_reason]}
              {row.rejection_note ? `: ${row.rejection_note}` : ""}
            </span>
          )}
        </p>
      </div>
      {row.property_id ? (
        <Link
          to={`/properties-admin/${row.property_id}`}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium underline"
        >
          Open its listing
          <ExternalLinkIcon className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <HuntStageActions row={row} />
      )}
    </header>
  );
}

function HistoryTab({ row }: { row: HuntRow }) {
  return <RecordHistory table="property_hunts" recordId={row.id} currency={row.currency} />;
}
