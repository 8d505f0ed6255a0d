/**
 * /deals/new and /deals/:id: one deal. A new deal is its details form (pipeline from `?pipeline=`,
 * main contact from `?contact=` when opened from a contact's page). An existing one is a record
 * page (the kit's engine): its summary (status, value, stage, owner, client, next step, last
 * activity) with the stage control, then tabs — activity, details, people (the deal's contacts
 * and their roles), commission (terms and splits between agent, house and co-broker, computed by
 * core in pesewas), tasks about the deal, the action plans running on it, files and history.
 */
import type { ReactNode } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { DealRow } from "#core/deals/deal-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { PlanRunsPanel } from "#app/components/action-plans/plan-runs-panel.tsx";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import {
  defineRecordPage,
  RecordFrame,
  RecordLoading,
  RecordPage,
  type RecordTabProps,
} from "#app/components/records/record-page.tsx";
import { RecordActivity } from "#app/components/records/record-timeline.tsx";
import { LinkedTasks } from "#app/components/tasks/linked-tasks.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { toast } from "#app/lib/toast.ts";
import { createDeal, type listPipelines, updateDeal } from "./api/deals-api.ts";
import { dealPath } from "./deal-path.ts";
import { DealForm } from "./components/deal-form.tsx";
import { CommissionPanel, DealPeople } from "./components/deal-people-commission.tsx";
import { DealActions, DEALS_PATH, DealSummary } from "./components/deal-summary.tsx";
import { useDeal, useInvalidateDeal, usePipelines } from "./hooks/deal-queries.ts";

type Pipelines = Awaited<ReturnType<typeof listPipelines>>;

const BACK = { to: DEALS_PATH, label: "All deals" };

const DEAL_PAGE = defineRecordPage<DealRow>({
  noun: "deal",
  back: BACK,
  useRecord: useDeal,
  title: (row) => row.title,
  Summary: DealSummary,
  Actions: DealActions,
  tabs: [
    { id: "activity", label: "Activity", content: ({ row }) => <RecordActivity table="deals" id={row.id} /> },
    { id: "details", label: "Details", content: DetailsTab },
    { id: "people", label: "People", content: ({ row }) => <DealPeople dealId={row.id} /> },
    { id: "commission", label: "Commission", content: ({ row }) => <CommissionPanel row={row} /> },
    {
      id: "tasks",
      label: "Tasks",
      content: ({ row }) => <LinkedTasks column="deal_id" id={row.id} noun="deal" />,
    },
    {
      id: "plans",
      label: "Action plans",
      content: ({ row }) => <PlanRunsPanel contactId={row.contact_id} dealId={row.id} noun="deal" />,
    },
    {
      id: "files",
      label: "Files",
      content: ({ row }) => <AttachmentsPanel recordType="deal" recordId={row.id} />,
    },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="deals" recordId={row.id} />,
    },
  ],
});

export default function DealPage() {
  const { id } = useParams();
  return id && id !== "new" ? <RecordPage definition={DEAL_PAGE} id={id} /> : <NewDeal />;
}

function NewDeal() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invalidate = useInvalidateDeal();
  return (
    <RecordFrame back={BACK} title="New deal">
      <WithPipelines>
        {(pipelines) => {
          const open = pipelines.pipelines.filter((p) => !p.is_archived);
          const pipelineId = open.find((p) => p.id === params.get("pipeline"))?.id ?? open[0]?.id ?? "";
          return (
            <DealForm
              row={null}
              pipelines={open}
              stages={pipelines.stages}
              defaults={{ pipelineId, contactId: params.get("contact") }}
              save={(values) => createDeal(values)}
              onSaved={(row) => {
                invalidate(row.id, "created");
                toast.success("Deal created");
                navigate(dealPath(row.id), { replace: true });
              }}
              onCancel={() => navigate(DEALS_PATH)}
            />
          );
        }}
      </WithPipelines>
    </RecordFrame>
  );
}

/** The deal form needs the pipelines and their stages; they load once and are cached. */
function WithPipelines({ children }: { children: (data: Pipelines) => ReactNode }) {
  const pipelines = usePipelines();
  if (pipelines.isPending) return <RecordLoading what="the pipelines" />;
  if (pipelines.isError)
    return (
      <Alert variant="destructive">
        Could not load the pipelines: {describeDbError(pipelines.error).message}
      </Alert>
    );
  return children(pipelines.data);
}

function DetailsTab({ row, reload }: RecordTabProps<DealRow>) {
  const navigate = useNavigate();
  const invalidate = useInvalidateDeal();
  return (
    <WithPipelines>
      {(pipelines) => (
        <DealForm
          row={row}
          pipelines={pipelines.pipelines}
          stages={pipelines.stages}
          defaults={{ pipelineId: row.pipeline_id }}
          save={(values, version) => updateDeal(row.id, version ?? row.updated_at, values)}
          onSaved={() => {
            invalidate(row.id);
            toast.success("Deal saved");
          }}
          reload={reload}
          onCancel={() => navigate(DEALS_PATH)}
        />
      )}
    </WithPipelines>
  );
}
