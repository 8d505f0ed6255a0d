/**
 * /properties-admin/new and /properties-admin/:id: one listing. A new listing is its details
 * form; once created, the page has tabs (in the URL, `?tab=`): details, photos, documents,
 * owner, publishing, history — and in the header its status, the status control and the link to
 * the public page.
 */
import { ArrowLeftIcon, ExternalLinkIcon } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { PUBLIC_PROPERTY_STATUSES } from "#core/content-model.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { publicationState, PUBLICATION_LABELS } from "#core/properties/property-list.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { RecordActivity } from "#app/components/records/record-timeline.tsx";
import { RecordPanels } from "#app/components/records/record-panels.tsx";
import { ListingTitleLink } from "#app/domains/title-checks/components/listing-title-link.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { createProperty, updateProperty } from "./api/properties-api.ts";
import { regenerateSitemaps } from "#app/lib/regenerate-sitemaps-api.ts";
import { DocumentList } from "./components/document-list.tsx";
import { OwnerContactForm } from "./components/owner-contact-form.tsx";
import { PhotoManager } from "./components/photo-manager.tsx";
import { listingPath, publicListingUrl } from "./components/property-columns.tsx";
import { PropertyForm } from "./components/property-form.tsx";
import { PropertyStatusBadge } from "./components/property-status-badge.tsx";
import { PublishPanel } from "./components/publish-panel.tsx";
import { StatusControl } from "./components/status-control.tsx";
import { listingPrice } from "./components/listing-price.ts";
import { useInvalidateProperty, useOwnerContact, useProperty } from "./hooks/property-queries.ts";

const TABS = [
  { id: "details", label: "Details" },
  { id: "photos", label: "Photos" },
  { id: "documents", label: "Documents" },
  { id: "owner", label: "Owner" },
  { id: "publishing", label: "Publishing" },
  { id: "activity", label: "Activity" },
  { id: "history", label: "History" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const BACK = "/properties-admin";

export default function PropertyPage() {
  const { id } = useParams();
  return id ? <ExistingListing id={id} /> : <NewListing />;
}

function NewListing() {
  const navigate = useNavigate();
  const invalidate = useInvalidateProperty();
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New listing</h1>
      <PropertyForm
        row={null}
        save={(values) => createProperty(values)}
        onSaved={(row) => {
          invalidate(row.id, "created");
          toast.success("Listing created", { description: "Now add its photos." });
          navigate(`${listingPath(row.id)}?tab=photos`, { replace: true });
        }}
        onCancel={() => navigate(BACK)}
      />
    </div>
  );
}

function ExistingListing({ id }: { id: string }) {
  const listing = useProperty(id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "details";
  const setTab = (t: string) => setParams(t === "details" ? {} : { tab: t }, { preventScrollReset: true });

  if (listing.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">Loading the listing</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (listing.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">
          <div className="flex flex-col gap-2">
            <p className="font-medium">This listing cannot be opened.</p>
            <p>{describeDbError(listing.error).message}</p>
          </div>
        </Alert>
      </div>
    );
  }
  const row = listing.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <ListingHeader row={row} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details">
          <DetailsTab row={row} reload={listing.refetch} />
        </TabsContent>
        <TabsContent value="photos">
          <PhotoManager propertyId={row.id} title={row.title} />
        </TabsContent>
        <TabsContent value="documents">
          <DocumentList propertyId={row.id} />
        </TabsContent>
        <TabsContent value="owner">
          <OwnerTab propertyId={row.id} />
        </TabsContent>
        <TabsContent value="publishing">
          <PublishPanel row={row} />
        </TabsContent>
        <TabsContent value="activity">
          <RecordActivity table="properties" id={row.id} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab row={row} />
        </TabsContent>
      </Tabs>
      <RecordPanels slot="property" recordId={row.id} />
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
      All listings
    </Link>
  );
}

function ListingHeader({ row }: { row: PropertyRow }) {
  const fmt = useFormatters();
  const state = publicationState(row.published_at);
  const live = state === "published" && (PUBLIC_PROPERTY_STATUSES as readonly string[]).includes(row.status);
  return (
    <header className="flex flex-wrap items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{row.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <PropertyStatusBadge status={row.status} />
          <span data-testid="listing-publication">{PUBLICATION_LABELS[state]}</span>
          <span aria-hidden="true">·</span>
          <span>{listingPrice(row, fmt)}</span>
          <span aria-hidden="true">·</span>
          <span>{[row.neighbourhood, row.city].filter(Boolean).join(", ")}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {live && (
          <a
            href={publicListingUrl(row.slug)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 text-sm font-medium underline"
          >
            View on the site
            <ExternalLinkIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        <ListingTitleLink propertyId={row.id} />
        <StatusControl row={row} />
      </div>
    </header>
  );
}

function DetailsTab({ row, reload }: { row: PropertyRow; reload: () => Promise<unknown> }) {
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
      onCancel={() => navigate(BACK)}
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

function HistoryTab({ row }: { row: PropertyRow }) {
  return <RecordHistory table="properties" recordId={row.id} currency={row.currency} />;
}
