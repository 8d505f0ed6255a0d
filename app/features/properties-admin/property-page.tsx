/**
 * /properties-admin/new and /properties-admin/:id: one listing. A new listing is its details
 * form. A stored one is a record page (the kit's engine): its summary (status and publication,
 * price, agent, days on market, viewings, where, next step) with the public page, title checks
 * and the status control, then tabs — details, photos, documents, owner, publishing, activity,
 * history — and below them the panels other modules add to a listing.
 */
import { useNavigate, useParams } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import {
  defineRecordPage,
  RecordFrame,
  RecordPage,
  type RecordTabProps,
} from "#app/components/records/record-page.tsx";
import { RecordPanels } from "#app/components/records/record-panels.tsx";
import { RecordActivity } from "#app/components/records/record-timeline.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { regenerateSitemaps } from "#app/lib/regenerate-sitemaps-api.ts";
import { toast } from "#app/lib/toast.ts";
import { createProperty, updateProperty } from "./api/properties-api.ts";
import { DocumentList } from "./components/document-list.tsx";
import { ListingActions, ListingSummary } from "./components/listing-summary.tsx";
import { OwnerContactForm } from "./components/owner-contact-form.tsx";
import { PhotoManager } from "./components/photo-manager.tsx";
import { listingPath } from "./components/property-columns.tsx";
import { PropertyForm } from "./components/property-form.tsx";
import { PublishPanel } from "./components/publish-panel.tsx";
import { useInvalidateProperty, useOwnerContact, useProperty } from "./hooks/property-queries.ts";

const BACK = { to: "/properties-admin", label: "All listings" };

const LISTING_PAGE = defineRecordPage<PropertyRow>({
  noun: "listing",
  back: BACK,
  useRecord: useProperty,
  title: (row) => row.title,
  Summary: ListingSummary,
  Actions: ListingActions,
  tabs: [
    { id: "details", label: "Details", content: DetailsTab },
    {
      id: "photos",
      label: "Photos",
      content: ({ row }) => <PhotoManager propertyId={row.id} title={row.title} />,
    },
    { id: "documents", label: "Documents", content: ({ row }) => <DocumentList propertyId={row.id} /> },
    { id: "owner", label: "Owner", content: ({ row }) => <OwnerTab propertyId={row.id} /> },
    { id: "publishing", label: "Publishing", content: ({ row }) => <PublishPanel row={row} /> },
    {
      id: "activity",
      label: "Activity",
      content: ({ row }) => <RecordActivity table="properties" id={row.id} />,
    },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="properties" recordId={row.id} currency={row.currency} />,
    },
  ],
  Footer: ({ row }) => <RecordPanels slot="property" recordId={row.id} />,
});

export default function PropertyPage() {
  const { id } = useParams();
  return id ? <RecordPage definition={LISTING_PAGE} id={id} /> : <NewListing />;
}

function NewListing() {
  const navigate = useNavigate();
  const invalidate = useInvalidateProperty();
  return (
    <RecordFrame back={BACK} title="New listing">
      <PropertyForm
        row={null}
        save={(values) => createProperty(values)}
        onSaved={(row) => {
          invalidate(row.id, "created");
          toast.success("Listing created", { description: "Now add its photos." });
          navigate(`${listingPath(row.id)}?tab=photos`, { replace: true });
        }}
        onCancel={() => navigate(BACK.to)}
      />
    </RecordFrame>
  );
}

function DetailsTab({ row, reload }: RecordTabProps<PropertyRow>) {
  const invalidate = useInvalidateProperty();
  const navigate = useNavigate();
  return (
    <PropertyForm
      row={row}
      save={(values, version) => updateProperty(row.id, version ?? row.updated_at, values)}
      onSaved={(saved) => {
        invalidate(row.id);
        toast.success("Listing saved");
        // A published listing's new address must reach the sitemaps and the edge (its old one then redirects).
        if (saved.slug !== row.slug && saved.published_at) {
          void regenerateSitemaps().then((r) => {
            if (!r.ok)
              toast.warning("The sitemaps could not be refreshed now", {
                description: `${r.message}; they refresh on their own within the hour.`,
              });
          });
        }
      }}
      reload={reload}
      onCancel={() => navigate(BACK.to)}
    />
  );
}

function OwnerTab({ propertyId }: { propertyId: string }) {
  const owner = useOwnerContact(propertyId);
  const invalidate = useInvalidateProperty();
  if (owner.isPending) return <Skeleton className="h-48 w-full" />;
  if (owner.isError)
    return (
      <Alert variant="destructive">Could not load the owner: {describeDbError(owner.error).message}</Alert>
    );
  return (
    <OwnerContactForm
      propertyId={propertyId}
      row={owner.data}
      reload={owner.refetch}
      onSaved={() => {
        void owner.refetch();
        invalidate(propertyId);
        toast.success("Owner saved");
      }}
    />
  );
}
