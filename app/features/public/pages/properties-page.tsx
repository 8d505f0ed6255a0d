import { List, Map as MapIcon, SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { PROPERTY_TYPES } from "#core/content-model.ts";
import { AMENITIES, paramsFromFilters, SORTS, type Amenity, type SearchFilters } from "../api/properties.ts";
import { filtersFromParams, PAGE_SIZE, searchProperties } from "../api/property-search.ts";
import { PropertyCard, PropertyCardSkeleton } from "../components/property-card.tsx";
import { EmptyState, ErrorState, PageLoading } from "../components/states.tsx";
import { formatNumber, titleCase } from "../lib/format.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";

const PropertyMap = lazy(() => import("../components/property-map.tsx"));

const input =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-emerald-700 focus:ring-2 focus:ring-emerald-700/30 focus:outline-none";
const lbl = "mb-1 block text-xs font-semibold tracking-wide text-stone-700 uppercase";

function numOrNull(v: FormDataEntryValue | null): number | null {
  if (typeof v !== "string" || v.trim() === "") return null;
  const n = Number(v.replace(/[, ]/g, ""));
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

export default function PropertiesPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const view = params.get("view") === "map" ? "map" : "list";
  const key = paramsFromFilters(filters).toString();
  const result = useAsync(() => searchProperties(filters), [key]);
  usePageMeta(
    "Properties for sale and rent in Ghana",
    "Search houses, apartments, land and commercial property for sale and rent across Accra, Kumasi and Ghana, with verified titles.",
  );

  function apply(next: Partial<SearchFilters>) {
    const p = paramsFromFilters({ ...filters, ...next });
    if (view === "map") p.set("view", "map");
    setParams(p);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const s = (k: string) => String(fd.get(k) ?? "").trim();
    apply({
      q: s("q"),
      location: s("location"),
      type: s("type") as SearchFilters["type"],
      listing: s("listing") as SearchFilters["listing"],
      minPrice: numOrNull(fd.get("min")),
      maxPrice: numOrNull(fd.get("max")),
      currency: s("currency") === "USD" ? "USD" : "GHS",
      beds: numOrNull(fd.get("beds")),
      baths: numOrNull(fd.get("baths")),
      amenities: fd.getAll("amenities").map(String) as Amenity[],
      sort: (s("sort") || "newest") as SearchFilters["sort"],
      page: 1,
    });
  }

  const autoSubmit = (e: FormEvent<HTMLElement>) =>
    (e.currentTarget as HTMLSelectElement | HTMLInputElement).form?.requestSubmit();
  const count = result.status === "ready" ? result.data.count : null;
  const pages = count != null ? Math.max(1, Math.ceil(count / PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          Properties for sale and rent
        </h1>
        <p className="mt-2 text-stone-600">
          Homes, land and commercial space across Ghana. Every listing is checked by our team before it goes
          live.
        </p>
      </header>

      <form
        key={key}
        role="search"
        aria-label="Property search"
        onSubmit={onSubmit}
        className="mb-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <label htmlFor="f-q" className={lbl}>
              Keywords
            </label>
            <input
              id="f-q"
              name="q"
              type="search"
              defaultValue={filters.q}
              placeholder="e.g. pool, boys' quarters, sea view"
              className={input}
            />
          </div>
          <div>
            <label htmlFor="f-location" className={lbl}>
              City or neighbourhood
            </label>
            <input
              id="f-location"
              name="location"
              defaultValue={filters.location}
              placeholder="e.g. East Legon"
              className={input}
            />
          </div>
          <div>
            <label htmlFor="f-listing" className={lbl}>
              Buy or rent
            </label>
            <select
              id="f-listing"
              name="listing"
              defaultValue={filters.listing}
              onChange={autoSubmit}
              className={input}
            >
              <option value="">Buy or rent</option>
              <option value="sale">Buy</option>
              <option value="rent">Rent</option>
            </select>
          </div>
          <div>
            <label htmlFor="f-type" className={lbl}>
              Property type
            </label>
            <select
              id="f-type"
              name="type"
              defaultValue={filters.type}
              onChange={autoSubmit}
              className={input}
            >
              <option value="">Any type</option>
              {PROPERTY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {titleCase(t)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-[1fr_1fr_auto] gap-2 sm:col-span-2">
            <div>
              <label htmlFor="f-min" className={lbl}>
                Min price
              </label>
              <input
                id="f-min"
                name="min"
                inputMode="numeric"
                defaultValue={filters.minPrice ?? ""}
                placeholder="No min"
                className={input}
              />
            </div>
            <div>
              <label htmlFor="f-max" className={lbl}>
                Max price
              </label>
              <input
                id="f-max"
                name="max"
                inputMode="numeric"
                defaultValue={filters.maxPrice ?? ""}
                placeholder="No max"
                className={input}
              />
            </div>
            <div>
              <label htmlFor="f-currency" className={lbl}>
                In
              </label>
              <select id="f-currency" name="currency" defaultValue={filters.currency} className={input}>
                <option value="GHS">GHS</option>
                <option value="USD">USD</option>
              </select>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor="f-beds" className={lbl}>
                Bedrooms
              </label>
              <select
                id="f-beds"
                name="beds"
                defaultValue={filters.beds ?? ""}
                onChange={autoSubmit}
                className={input}
              >
                <option value="">Any</option>
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}+
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="f-baths" className={lbl}>
                Bathrooms
              </label>
              <select
                id="f-baths"
                name="baths"
                defaultValue={filters.baths ?? ""}
                onChange={autoSubmit}
                className={input}
              >
                <option value="">Any</option>
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    {n}+
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <fieldset>
            <legend className={lbl}>Features</legend>
            <div className="flex flex-wrap gap-2">
              {(Object.keys(AMENITIES) as Amenity[]).map((a) => (
                <label
                  key={a}
                  className="flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-3 py-1.5 text-sm has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
                >
                  <input
                    type="checkbox"
                    name="amenities"
                    value={a}
                    defaultChecked={filters.amenities.includes(a)}
                    onChange={autoSubmit}
                    className="accent-emerald-700"
                  />
                  {AMENITIES[a].label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor="f-sort" className={lbl}>
                Sort
              </label>
              <select
                id="f-sort"
                name="sort"
                defaultValue={filters.sort}
                onChange={autoSubmit}
                className={input}
              >
                {(Object.keys(SORTS) as (keyof typeof SORTS)[]).map((s) => (
                  <option key={s} value={s}>
                    {SORTS[s]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-full bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" /> Search
            </button>
            <Link
              to="/properties"
              className="rounded-full px-3 py-2 text-sm font-medium text-stone-700 underline-offset-4 hover:underline"
            >
              Clear
            </Link>
          </div>
        </div>
      </form>

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p
          role="status"
          aria-live="polite"
          className="text-sm font-medium text-stone-700"
          data-testid="result-count"
        >
          {count == null
            ? "Searching…"
            : `${formatNumber(count)} ${count === 1 ? "property" : "properties"} found`}
        </p>
        <div
          className="inline-flex rounded-full border border-stone-300 bg-white p-1"
          role="group"
          aria-label="View"
        >
          {(["list", "map"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => {
                const p = new URLSearchParams(params);
                if (v === "map") p.set("view", "map");
                else p.delete("view");
                setParams(p);
              }}
              className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium text-stone-700 aria-pressed:bg-emerald-800 aria-pressed:text-white"
            >
              {v === "list" ? (
                <List aria-hidden="true" className="size-4" />
              ) : (
                <MapIcon aria-hidden="true" className="size-4" />
              )}
              {v === "list" ? "List" : "Map"}
            </button>
          ))}
        </div>
      </div>

      {result.status === "error" ? (
        <ErrorState title="We could not load properties" onRetry={result.retry}>
          {result.error.message}
        </ErrorState>
      ) : result.status === "loading" ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <PropertyCardSkeleton />
            </li>
          ))}
        </ul>
      ) : result.data.rows.length === 0 ? (
        <EmptyState title="No properties match your search">
          Try fewer filters, a wider price range or another area — or{" "}
          <Link to="/property-request-form" className="font-semibold text-emerald-800 underline">
            tell us what you are looking for
          </Link>{" "}
          and we will search for you.
        </EmptyState>
      ) : view === "map" ? (
        <Suspense fallback={<PageLoading label="Loading map…" />}>
          <PropertyMap properties={result.data.rows} />
        </Suspense>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Search results">
          {result.data.rows.map((p, i) => (
            <li key={p.id}>
              <PropertyCard p={p} eager={i < 3} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}

      {count != null && pages > 1 && (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-2">
          <button
            type="button"
            disabled={filters.page <= 1}
            onClick={() => apply({ page: filters.page - 1 })}
            className="rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium disabled:opacity-50"
          >
            Previous
          </button>
          <span className="px-3 text-sm text-stone-700">
            Page {filters.page} of {pages}
          </span>
          <button
            type="button"
            disabled={filters.page >= pages}
            onClick={() => apply({ page: filters.page + 1 })}
            className="rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium disabled:opacity-50"
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
