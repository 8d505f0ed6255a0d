/**
 * Publishing a listing: publish now, unpublish, or schedule (published_at in the future; the
 * public site shows it from then). Each change is conditional on the loaded version (a
 * colleague's change is not overwritten), refreshes the public sitemaps, and lands in the
 * history. Beside it, what the public will see: the search result and the share card
 * (WhatsApp/Facebook: the 1200×630 cover, title, description, domain), written by the same
 * function the edge uses for the page's meta tags.
 */
import { ExternalLinkIcon, Share2Icon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { PUBLIC_PROPERTY_STATUSES } from "#core/content-model.ts";
import { publicationState } from "#core/properties/property-list.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import { propertyShareText } from "#core/seo/meta.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { regenerateSitemaps } from "#app/lib/regenerate-sitemaps-api.ts";
import { useInvalidateProperty, usePhotos } from "../hooks/property-queries.ts";
import { usePublish } from "../hooks/property-mutations.ts";
import { publicListingUrl } from "./property-columns.tsx";

/** "2026-11-30T09:00" in Accra (UTC+0 all year) → an instant. */
function accraLocalToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(`${value}:00Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function PublishPanel({ row }: { row: PropertyRow }) {
  const fmt = useFormatters();
  const invalidate = useInvalidateProperty();
  const scheduleId = useId();
  const [when, setWhen] = useState("");
  const [whenError, setWhenError] = useState<string | null>(null);
  const state = publicationState(row.published_at);
  const showable = (PUBLIC_PROPERTY_STATUSES as readonly string[]).includes(row.status);
  const url = publicListingUrl(row.slug);

  const change = usePublish(row, {
    onSuccess: async (saved) => {
      invalidate(row.id);
      const s = publicationState(saved.published_at);
      const what =
        s === "published"
          ? "Published"
          : s === "scheduled"
            ? `Scheduled for ${fmt.dateTime(saved.published_at!)}`
            : "Unpublished";
      const sitemaps = await regenerateSitemaps();
      if (sitemaps.ok) toast.success(what, { description: "The sitemaps were refreshed." });
      else
        toast.warning(what, {
          description: `The sitemaps could not be refreshed now (${sitemaps.message}); they refresh on their own within the hour.`,
        });
    },
  });

  const schedule = () => {
    const iso = accraLocalToIso(when);
    if (!iso) return setWhenError("Choose a date and time");
    if (Date.parse(iso) <= Date.now()) return setWhenError("Choose a time in the future, or publish now");
    setWhenError(null);
    change.mutate(iso);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="flex flex-col gap-4" aria-label="Publication">
        <h2 className="text-lg font-semibold">Publication</h2>
        <p data-testid="publication-state">
          {state === "published" && <>Published since {fmt.dateTime(row.published_at!)}.</>}
          {state === "scheduled" && (
            <>Scheduled: goes live on {fmt.dateTime(row.published_at!)} (Accra time).</>
          )}
          {state === "unpublished" && <>Not published: only staff can see it.</>}
        </p>
        {!showable && (
          <Alert variant="warning">
            A listing in “{PROPERTY_STATUS_LABELS[row.status]}” is not shown on the public site, even when
            published. Change its status to Coming soon or Available first.
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          {state !== "published" && (
            <Button
              onClick={() => change.mutate(new Date().toISOString())}
              disabled={!showable || change.isPending}
            >
              Publish now
            </Button>
          )}
          {state !== "unpublished" && (
            <Button variant="outline" onClick={() => change.mutate(null)} disabled={change.isPending}>
              Unpublish
            </Button>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={scheduleId} className="text-sm font-medium">
            Publish later (Accra time)
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={scheduleId}
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              className="w-auto"
              aria-invalid={whenError ? true : undefined}
              aria-describedby={whenError ? `${scheduleId}-error` : undefined}
            />
            <Button variant="outline" onClick={schedule} disabled={!showable || change.isPending}>
              Schedule
            </Button>
          </div>
          {whenError && (
            <p id={`${scheduleId}-error`} className="text-sm font-medium text-destructive">
              {whenError}
            </p>
          )}
        </div>
        {state === "published" && showable && (
          <div className="flex flex-wrap gap-3 text-sm">
            <a
              href={url}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 font-medium underline"
            >
              Open the public page
              <ExternalLinkIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <a
              href={`${url.replace("/property/", "/share/property/")}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 underline"
            >
              <Share2Icon className="size-4" aria-hidden="true" />
              Share link
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        )}
      </section>
      <SharePreview row={row} url={url} />
    </div>
  );
}

/** What a search engine and a chat app show for the listing's URL. */
function SharePreview({ row, url }: { row: PropertyRow; url: string }) {
  const photos = usePhotos(row.id);
  const { title, description } = propertyShareText(row);
  const cover = photos.data?.[0];
  const host = new URL(url).host;
  return (
    <section className="flex flex-col gap-4" aria-label="Previews">
      <h2 className="text-lg font-semibold">How it looks when shared</h2>
      <figure className="flex flex-col gap-1" data-testid="search-preview">
        <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Search result
        </figcaption>
        <div className="rounded-lg border bg-background p-4">
          <p className="truncate text-xs text-muted-foreground">{url}</p>
          <p className="truncate text-lg text-sky-800">{title}</p>
          <p className="line-clamp-2 text-sm">{description}</p>
        </div>
      </figure>
      <figure className="flex flex-col gap-1" data-testid="share-card-preview">
        <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Share card (WhatsApp, Facebook)
        </figcaption>
        <div className="max-w-md overflow-hidden rounded-lg border bg-[#f0f2f5]">
          <div className="aspect-[1200/630] bg-muted">
            {cover?.url ? (
              <img src={cover.url} alt={cover.alt_text ?? ""} className="size-full object-cover" />
            ) : (
              <div className="flex size-full items-center justify-center p-4 text-center text-sm text-muted-foreground">
                No photo: the site's default image is shared
              </div>
            )}
          </div>
          <div className="flex flex-col gap-0.5 p-3">
            <span className="text-xs uppercase text-muted-foreground">{host}</span>
            <span className="line-clamp-2 font-semibold">{title}</span>
            <span className="line-clamp-2 text-sm text-muted-foreground">{description}</span>
          </div>
        </div>
      </figure>
    </section>
  );
}
