import { Bath, BedDouble, MapPin, Ruler } from "lucide-react";
import { Link } from "react-router";
import type { PropertyCard as Card } from "../api/properties.ts";
import { formatNumber, titleCase } from "../lib/format.ts";
import { propertyImageSrcSet, propertyImageUrl } from "../lib/images.ts";
import { Price } from "./price.tsx";

const STATUS_LABEL: Record<string, string> = {
  coming_soon: "Coming soon",
  reserved: "Reserved",
  under_offer: "Under offer",
  sold: "Sold",
  let: "Let",
};

export function PropertyCard({
  p,
  eager = false,
  headingLevel = 3,
}: {
  p: Card;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const img = p.property_images[0];
  const H = headingLevel === 2 ? "h2" : "h3";
  const where = [p.neighbourhood, p.city].filter(Boolean).join(", ");
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-700">
      <div className="relative aspect-[4/3] overflow-hidden bg-stone-200">
        {img ? (
          <img
            src={propertyImageUrl(img.storage_path)}
            srcSet={propertyImageSrcSet(img.storage_path)}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            alt={img.alt_text ?? ""}
            width={img.width ?? 800}
            height={img.height ?? 600}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-stone-600">
            Photos coming soon
          </div>
        )}
        <div className="absolute top-3 left-3 flex gap-2">
          <span className="rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-emerald-900">
            {p.listing_type === "rent" ? "For rent" : "For sale"}
          </span>
          {STATUS_LABEL[p.status] && (
            <span className="rounded-full bg-amber-300 px-3 py-1 text-xs font-semibold text-stone-900">
              {STATUS_LABEL[p.status]}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">
          {titleCase(p.property_type)}
        </p>
        <H className="text-lg leading-snug font-semibold text-stone-900">
          <Link to={`/property/${p.slug}`} className="after:absolute after:inset-0 focus:outline-none">
            {p.title}
          </Link>
        </H>
        {where && (
          <p className="flex items-center gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="size-4" />
            {where}
          </p>
        )}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          {p.bedrooms != null && p.bedrooms > 0 && (
            <li className="flex items-center gap-1">
              <BedDouble aria-hidden="true" className="size-4" />
              {p.bedrooms} bed{p.bedrooms === 1 ? "" : "s"}
            </li>
          )}
          {p.bathrooms != null && p.bathrooms > 0 && (
            <li className="flex items-center gap-1">
              <Bath aria-hidden="true" className="size-4" />
              {p.bathrooms} bath{p.bathrooms === 1 ? "" : "s"}
            </li>
          )}
          {(p.floor_area_sqm ?? p.land_size_sqm) != null && (
            <li className="flex items-center gap-1">
              <Ruler aria-hidden="true" className="size-4" />
              {formatNumber(Number(p.floor_area_sqm ?? p.land_size_sqm))} m²
            </li>
          )}
        </ul>
        <div className="mt-auto pt-2">
          <Price
            price={p.price}
            currency={p.currency}
            rentPeriod={p.rent_period}
            onRequest={p.price_on_request}
          />
        </div>
      </div>
    </article>
  );
}

export function PropertyCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-2xl border border-stone-200 bg-white"
    >
      <div className="aspect-[4/3] bg-stone-200" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-1/4 rounded bg-stone-200" />
        <div className="h-5 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-6 w-1/3 rounded bg-stone-200" />
      </div>
    </div>
  );
}
