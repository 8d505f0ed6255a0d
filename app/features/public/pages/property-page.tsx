import { BadgeCheck, CalendarCheck, MapPin, MessageCircle, Phone } from "lucide-react";
import { Link, useParams } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { listingFeatures, listingPlace } from "#core/listing-display.ts";
import {
  getProperty,
  listingAgent,
  similarProperties,
  type ListingAgent,
  type PropertyDetail,
} from "../api/property-detail.ts";
import { Gallery } from "../components/gallery.tsx";
import { Price } from "../components/price.tsx";
import { PropertyCard } from "../components/property-card.tsx";
import { ShareButtons } from "../components/share-buttons.tsx";
import { DetailLoading } from "../components/detail-loading.tsx";
import { ErrorState, NotFoundState } from "../components/states.tsx";
import { formatDate, formatNumber, titleCase } from "../lib/format.ts";
import { hostLink, mainUrl, whatsappLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync, type AsyncState } from "../lib/use-async.ts";

const STATUS: Record<string, string> = {
  coming_soon: "Coming soon",
  available: "Available",
  reserved: "Reserved",
  under_offer: "Under offer",
  sold: "Sold",
  let: "Let",
};

function facts(p: PropertyDetail): [string, string][] {
  const out: [string, string][] = [
    ["Type", titleCase(p.property_type)],
    ["Listing", p.listing_type === "rent" ? "For rent" : "For sale"],
    ["Status", STATUS[p.status] ?? titleCase(p.status)],
  ];
  if (p.bedrooms != null) out.push(["Bedrooms", String(p.bedrooms)]);
  if (p.bathrooms != null) out.push(["Bathrooms", String(p.bathrooms)]);
  if (p.floor_area_sqm != null) out.push(["Floor area", `${formatNumber(Number(p.floor_area_sqm))} m²`]);
  if (p.land_size_sqm != null) out.push(["Land size", `${formatNumber(Number(p.land_size_sqm))} m²`]);
  if (p.plots != null) out.push(["Plots", String(p.plots)]);
  if (p.tenure)
    out.push([
      "Tenure",
      p.tenure === "leasehold" && p.lease_years_remaining
        ? `Leasehold, ${p.lease_years_remaining} years left`
        : titleCase(p.tenure),
    ]);
  if (p.title_type) out.push(["Title", p.title_type]);
  if (p.furnishing) out.push(["Furnishing", titleCase(p.furnishing)]);
  if (p.listing_type === "rent" && p.rent_advance_months != null)
    out.push(["Advance rent", `${p.rent_advance_months} months`]);
  return out;
}

export default function PropertyPage() {
  const { slug = "" } = useParams();
  const state = useAsync(() => getProperty(slug), [slug]);
  // In parallel with the listing: the card never waits for it, nor the listing for the card.
  const agent = useAsync(() => listingAgent(slug), [slug]);
  const property = state.status === "ready" ? state.data : null;
  usePageMeta(
    property?.title ?? (state.status === "ready" ? "Page Not Found" : "Property"),
    property?.description?.slice(0, 160) ?? undefined,
  );

  if (state.status === "loading")
    return (
      <DetailLoading
        layout="property"
        label="Loading property…"
        imageClassName="aspect-[16/10] w-full rounded-2xl"
      />
    );
  if (state.status === "error")
    return (
      <div className="px-4 py-16">
        <ErrorState title="We could not load this property" onRetry={state.retry}>
          {state.error.message}
        </ErrorState>
      </div>
    );
  if (!property) return <NotFoundState />;
  const p = property;
  const where = listingPlace(p);
  const amenities = listingFeatures(p);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>{" "}
            /
          </li>
          <li>
            <Link to="/properties" className="hover:underline">
              Properties
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="font-medium text-stone-800">
            {p.title}
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-8">
          <header>
            <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{p.title}</h1>
            {where && (
              <p className="mt-2 flex items-center gap-1 text-stone-700">
                <MapPin aria-hidden="true" className="size-4" />
                {where}
              </p>
            )}
            {/* Title verified: every required title check verified by an admin (never the documents themselves). */}
            {p.title_verified_at && (
              <p
                className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200"
                data-testid="title-verified"
              >
                <BadgeCheck aria-hidden="true" className="size-4" />
                Title documents verified on {formatDate(p.title_verified_at)}
              </p>
            )}
          </header>
          <Gallery images={p.property_images} title={p.title} />
          <section aria-labelledby="facts-h">
            <h2 id="facts-h" className="mb-3 text-xl font-semibold">
              Key facts
            </h2>
            <dl
              className="grid grid-cols-2 overflow-hidden rounded-2xl border border-stone-200 bg-white sm:grid-cols-3"
              data-testid="key-facts"
            >
              {facts(p).map(([k, v]) => (
                <div key={k} className="border-b border-l border-stone-100 p-4">
                  <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{k}</dt>
                  <dd className="mt-1 font-medium text-stone-900">{v}</dd>
                </div>
              ))}
            </dl>
            {p.listing_type === "rent" && p.rent_advance_months != null && p.rent_advance_months > 6 && (
              <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                The landlord asks for {p.rent_advance_months} months in advance. The Rent Act caps advance
                rent demands at 6 months; ask us about your options.
              </p>
            )}
          </section>
          {p.description && (
            <section aria-labelledby="desc-h">
              <h2 id="desc-h" className="mb-3 text-xl font-semibold">
                Description
              </h2>
              <div className="space-y-3 leading-relaxed whitespace-pre-line text-stone-800">
                {p.description}
              </div>
            </section>
          )}
          {amenities.length > 0 && (
            <section aria-labelledby="feat-h">
              <h2 id="feat-h" className="mb-3 text-xl font-semibold">
                Features
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {amenities.map((a) => (
                  <li key={a} className="flex items-center gap-2 text-stone-800">
                    <span aria-hidden="true" className="size-2 rounded-full bg-emerald-700" />
                    {a}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="loc-h">
            <h2 id="loc-h" className="mb-3 text-xl font-semibold">
              Location
            </h2>
            <p className="text-stone-800">{where}</p>
            {p.ghana_post_gps && (
              <p className="mt-1 text-stone-700">
                GhanaPost GPS: <strong>{p.ghana_post_gps}</strong>
              </p>
            )}
            {p.latitude != null && p.longitude != null && (
              <a
                className="mt-2 inline-block font-medium text-emerald-800 underline"
                target="_blank"
                rel="noopener"
                href={`https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=16/${p.latitude}/${p.longitude}`}
              >
                Open in map<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </section>
          <ShareButtons url={mainUrl(`/share/property/${p.slug}`)} title={p.title} />
        </div>

        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <Price
              price={p.price}
              currency={p.currency}
              rentPeriod={p.rent_period}
              onRequest={p.price_on_request}
              size="lg"
            />
            <div className="mt-5 space-y-3">
              <a
                href={hostLink("bookings", { property: p.slug })}
                className="flex w-full items-center justify-center gap-2 rounded-full bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
              >
                <CalendarCheck aria-hidden="true" className="size-5" /> Book a viewing
              </a>
              <Link
                to={`/contact?property=${encodeURIComponent(p.slug)}`}
                className="flex w-full items-center justify-center gap-2 rounded-full border border-emerald-800 px-5 py-3 font-semibold text-emerald-900 hover:bg-emerald-50"
              >
                Request info
              </Link>
            </div>
            {p.published_at && (
              <p className="mt-4 text-xs text-stone-600">Listed {formatDate(p.published_at)}</p>
            )}
          </div>
          <AgentCard p={p} agent={agent} />
        </aside>
      </div>
      <SimilarProperties p={p} />
    </div>
  );
}

/** The listing's agent when one is assigned, else the sales team; same frame while loading. */
function AgentCard({ p, agent }: { p: PropertyDetail; agent: AsyncState<ListingAgent | null> }) {
  const person = agent.status === "ready" ? agent.data : null;
  const name = person
    ? [person.first_name, person.last_name].filter(Boolean).join(" ")
    : `${COMPANY.name} sales team`;
  const phone = person?.phone ?? COMPANY.phone;
  const message = `Hello${person?.first_name ? ` ${person.first_name}` : ""}, I am interested in "${p.title}" (${mainUrl(`/property/${p.slug}`)}).`;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <div
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="agent-card"
      aria-busy={agent.status === "loading" || undefined}
    >
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">Your agent</h2>
      {agent.status === "loading" ? (
        <div aria-hidden="true" className="mt-3 flex items-center gap-3">
          <div className="size-12 animate-pulse rounded-full bg-stone-200" />
          <div className="h-5 w-40 animate-pulse rounded bg-stone-200" />
        </div>
      ) : (
        <div className="mt-3 flex items-center gap-3">
          {person?.avatar_url ? (
            <img
              src={person.avatar_url}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-900"
            >
              {initials}
            </span>
          )}
          <div>
            <p className="text-lg font-semibold">{name}</p>
            <p className="text-sm text-stone-600">
              {person ? `Property adviser, ${COMPANY.name}` : COMPANY.officeHours}
            </p>
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-col gap-2">
        <a
          href={`tel:${phone.replace(/[^\d+]/g, "")}`}
          className="inline-flex items-center gap-2 font-medium text-emerald-800 hover:underline"
        >
          <Phone aria-hidden="true" className="size-4" />
          {phone}
        </a>
        <a
          href={whatsappLink(message, person?.phone ?? undefined)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-2 font-medium text-emerald-800 hover:underline"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          WhatsApp about this property<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}

function SimilarProperties({ p }: { p: PropertyDetail }) {
  const state = useAsync(() => similarProperties(p), [p.id]);
  if (state.status !== "ready" || state.data.length === 0) return null;
  return (
    <section aria-labelledby="similar-h" className="mt-16">
      <h2 id="similar-h" className="mb-6 text-2xl font-semibold">
        Similar properties
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {state.data.map((s) => (
          <li key={s.id}>
            <PropertyCard p={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}
