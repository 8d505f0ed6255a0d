/**
 * /property-hunt/new and /property-hunt/:id (admins): one hunt. A new hunt is its details form;
 * once created, the hunt is a record page on the kit's engine: its summary (stage, place, asking
 * price, the offer or why it was rejected, the owner contact) with the stage controls beside it,
 * then tabs (in the URL, `?tab=`): details, inspections and photos, title due diligence, history.
 * An acquired hunt links to its listing and no longer changes.
 */
import { ExternalLinkIcon } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { REJECTION_REASON_LABELS } from "#core/property-hunt/hunt-workflow.ts";
import { defineRecordPage, RecordFrame, RecordPage } from "#app/components/records/record-page.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { TitleChecklist } from "#app/domains/title-checks/components/title-checklist.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { createHunt, updateHunt } from "./api/hunts-api.ts";
import { huntPath, huntPlace, huntPrice } from "./components/hunt-format.ts";
import { HuntForm } from "./components/hunt-form.tsx";
import { HuntInspections } from "./components/hunt-inspections.tsx";
import { HuntOwnerContact } from "./components/hunt-owner-contact.tsx";
import { HuntStageActions } from "./components/hunt-stage-actions.tsx";
import { HuntStageBadge } from "./components/hunt-stage-badge.tsx";
import { useHunt, useHuntChanged } from "./hooks/hunt-queries.ts";

const BACK = { to: "/property-hunt", label: "All hunts" };

const HUNT_PAGE = defineRecordPage<HuntRow>({
  noun: "hunt",
  back: BACK,
  useRecord: useHunt,
  title: (row) => row.title,
  Summary: HuntSummary,
  Actions: HuntActions,
  tabs: [
    { id: "details", label: "Details", content: DetailsTab },
    {
      id: "inspections",
      label: "Inspections & photos",
      content: ({ row }) => <HuntInspections huntId={row.id} readOnly={row.stage === "acquired"} />,
    },
    { id: "title", label: "Due diligence", content: TitleTab },
    {
      id: "history",
      label: "History",
      content: ({ row }) => (
        <RecordHistory table="property_hunts" recordId={row.id} currency={row.currency} />
      ),
    },
  ],
});

export default function HuntPage() {
  const { id } = useParams();
  return id ? <RecordPage definition={HUNT_PAGE} id={id} /> : <NewHunt />;
}

function NewHunt() {
  const navigate = useNavigate();
  const changed = useHuntChanged();
  return (
    <RecordFrame back={BACK} title="New hunt">
      <HuntForm
        row={null}
        save={(values) => createHunt(values)}
        onSaved={(row) => {
          changed(row.id, "created");
          toast.success("Hunt created");
          navigate(huntPath(row.id), { replace: true });
        }}
        onCancel={() => navigate(BACK.to)}
      />
    </RecordFrame>
  );
}

function HuntSummary({ row }: { row: HuntRow }) {
  const fmt = useFormatters();
  const changed = useHuntChanged();
  return (
    <>
      <SummaryFacts>
        <SummaryFact label="Stage">
          <span data-testid="hunt-stage">
            <HuntStageBadge stage={row.stage} />
          </span>
        </SummaryFact>
        <SummaryFact label="Place">{huntPlace(row) || "Not given"}</SummaryFact>
        <SummaryFact label="Asking price">{huntPrice(row, fmt)}</SummaryFact>
        {row.offer_amount !== null && (
          <SummaryFact label="Offered">{fmt.money(row.offer_amount, row.currency)}</SummaryFact>
        )}
        {row.stage === "rejected" && row.rejection_reason && (
          <SummaryFact label="Rejected">
            {REJECTION_REASON_LABELS[row.rejection_reason]}
            {row.rejection_note ? `: ${row.rejection_note}` : ""}
          </SummaryFact>
        )}
      </SummaryFacts>
      <HuntOwnerContact row={row} readOnly={row.stage === "acquired"} onChanged={() => changed(row.id)} />
    </>
  );
}

function HuntActions({ row }: { row: HuntRow }) {
  return row.property_id ? (
    <Link
      to={`/properties-admin/${row.property_id}`}
      className="inline-flex w-fit items-center gap-1 text-sm font-medium underline"
    >
      Open its listing
      <ExternalLinkIcon className="size-4" aria-hidden="true" />
    </Link>
  ) : (
    <HuntStageActions row={row} />
  );
}

function DetailsTab({ row, reload }: { row: HuntRow; reload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const changed = useHuntChanged();
  if (row.stage === "acquired")
    return (
      <p className="text-sm text-muted-foreground">
        An acquired hunt no longer changes: edit its listing in Properties.
      </p>
    );
  return (
    <HuntForm
      row={row}
      save={(values, version) => updateHunt(row.id, version ?? row.updated_at, values)}
      onSaved={() => {
        changed(row.id);
        toast.success("Hunt saved");
      }}
      reload={reload}
      onCancel={() => navigate(BACK.to)}
    />
  );
}

function TitleTab({ row }: { row: HuntRow }) {
  const changed = useHuntChanged();
  return row.property_id ? (
    <p className="text-sm text-muted-foreground">
      The due diligence moved with the property to its listing:{" "}
      <Link className="underline" to={`/title-checks/listing/${row.property_id}`}>
        open it there
      </Link>
      .
    </p>
  ) : (
    <TitleChecklist subject={{ huntId: row.id }} canVerify onChanged={() => changed(row.id)} />
  );
}
