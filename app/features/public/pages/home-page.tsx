import { ArrowRight, BadgeCheck, Building2, Search, ShieldCheck, Star } from "lucide-react";
import { useNavigate, Link } from "react-router";
import type { FormEvent } from "react";
import { COMPANY } from "#core/constants.ts";
import { PROPERTY_TYPES } from "#core/content-model.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { listPosts } from "../api/blog.ts";
import {
  countListings,
  featuredProperties,
  paramsFromFilters,
  type SearchFilters,
} from "../api/properties.ts";
import { ConsultationCta } from "../components/cta-band.tsx";
import { PostCard } from "../components/post-card.tsx";
import { PropertyCard, PropertyCardSkeleton } from "../components/property-card.tsx";
import { ErrorState } from "../components/states.tsx";
import { formatNumber, titleCase } from "../lib/format.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";
import { SERVICE_SUMMARIES } from "../services-catalogue.ts";

const TESTIMONIALS = [
  {
    quote:
      "They found our house in East Legon while we were still in London, and their title search saved us from a plot that had been sold twice.",
    name: "Akosua & Daniel B.",
    role: "Buyers, relocating from the UK",
  },
  {
    quote:
      "Rent arrives on time, repairs are handled and I get a clear statement every month. I no longer worry about my apartments in Cantonments.",
    name: "Mr. Yaw Ofori",
    role: "Landlord, Kumasi",
  },
  {
    quote:
      "Professional from viewing to handover. They negotiated a fair advance and explained every clause of our lease.",
    name: "Esi N.",
    role: "Tenant, Airport Residential",
  },
];

const FEATURED_SERVICES = [
  "property-buying",
  "property-selling",
  "property-management",
  "legal-title-support",
  "land-banking",
  "investment-consulting",
];

export default function HomePage() {
  usePageMeta(
    "",
    `${COMPANY.name}: verified homes, land and commercial property for sale and rent in Accra and across Ghana. Licensed agency, no cash transactions.`,
  );
  const navigate = useNavigate();
  const featured = useAsync(() => featuredProperties(6), []);
  const listings = useAsync(countListings, []);
  const posts = useAsync(() => listPosts({ limit: 3 }), []);
  const years = new Date().getFullYear() - COMPANY.foundedYear;

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const max = Number(String(fd.get("max") ?? ""));
    const params = paramsFromFilters({
      location: String(fd.get("location") ?? "").trim(),
      type: String(fd.get("type") ?? "") as SearchFilters["type"],
      listing: String(fd.get("listing") ?? "") as SearchFilters["listing"],
      maxPrice: max > 0 ? max : null,
      currency: "GHS",
    });
    navigate(`/properties${params.size ? `?${params}` : ""}`);
  }

  const field =
    "block w-full rounded-lg border border-stone-300 bg-white px-3 py-3 text-base text-stone-900 focus:border-emerald-700 focus:ring-2 focus:ring-emerald-700/30 focus:outline-none";
  const lbl = "mb-1 block text-xs font-semibold tracking-wide text-stone-700 uppercase";

  return (
    <>
      <section className="relative overflow-hidden bg-emerald-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(252,211,77,0.25),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(16,185,129,0.25),transparent_50%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28">
          <p className="mb-4 text-sm font-semibold tracking-widest text-amber-300 uppercase">
            Licensed real estate agency · Accra
          </p>
          <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-tight text-balance sm:text-6xl">
            Find a home in Ghana you can truly own.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-emerald-100">
            Verified listings, title searches before you pay, and advisers who answer on WhatsApp. For buyers,
            tenants, landlords and investors at home and abroad.
          </p>
          <form
            role="search"
            aria-label="Find a property"
            onSubmit={onSearch}
            className="mt-10 grid gap-3 rounded-2xl bg-white p-4 text-stone-900 shadow-xl sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr_auto] lg:items-end"
          >
            <div>
              <label htmlFor="h-location" className={lbl}>
                Location
              </label>
              <input id="h-location" name="location" placeholder="City or neighbourhood" className={field} />
            </div>
            <div>
              <label htmlFor="h-type" className={lbl}>
                Type
              </label>
              <select id="h-type" name="type" className={field} defaultValue="">
                <option value="">Any type</option>
                {PROPERTY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {titleCase(t)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="h-listing" className={lbl}>
                Buy or rent
              </label>
              <select id="h-listing" name="listing" className={field} defaultValue="">
                <option value="">Buy or rent</option>
                <option value="sale">Buy</option>
                <option value="rent">Rent</option>
              </select>
            </div>
            <div>
              <label htmlFor="h-max" className={lbl}>
                Max budget (GHS)
              </label>
              <select id="h-max" name="max" className={field} defaultValue="">
                <option value="">No limit</option>
                {[5000, 20000, 500000, 1000000, 2500000, 5000000, 10000000].map((v) => (
                  <option key={v} value={v}>
                    GHS {formatNumber(v)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-emerald-800 px-6 py-3 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              <Search aria-hidden="true" className="size-5" /> Search
            </button>
          </form>
        </div>
      </section>

      <section aria-label="Why clients trust us" className="border-b border-stone-200 bg-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 [overflow-wrap:anywhere] sm:px-6 lg:grid-cols-4">
          <div>
            <dt className="text-sm text-stone-600">Years in Ghana's market</dt>
            <dd className="text-3xl font-bold text-emerald-900">{years}+</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">Listings online now</dt>
            <dd className="text-3xl font-bold text-emerald-900">
              {listings.status === "ready" ? formatNumber(listings.data) : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">Payments</dt>
            <dd className="flex items-center gap-2 text-base font-semibold text-emerald-900 sm:text-lg">
              <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
              Bank &amp; MoMo only, never cash
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">Licensed by REAC</dt>
            <dd className="flex min-w-0 items-center gap-2 text-base font-semibold text-emerald-900 sm:text-lg">
              <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
              {siteConfig.reacLicence ? `Licence ${siteConfig.reacLicence}` : "Act 1047 compliant"}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="featured-h" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="mb-8 flex items-end justify-between gap-4">
          <div>
            <h2 id="featured-h" className="text-3xl font-bold tracking-tight">
              Featured properties
            </h2>
            <p className="mt-1 text-stone-600">Hand-picked homes and land, every title checked.</p>
          </div>
          <Link
            to="/properties"
            className="hidden items-center gap-1 font-semibold text-emerald-800 hover:underline sm:inline-flex"
          >
            All properties <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {featured.status === "error" ? (
          <ErrorState title="We could not load listings" onRetry={featured.retry} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.status === "loading"
              ? Array.from({ length: 6 }, (_, i) => (
                  <li key={i}>
                    <PropertyCardSkeleton />
                  </li>
                ))
              : featured.data.map((p) => (
                  <li key={p.id}>
                    <PropertyCard p={p} />
                  </li>
                ))}
          </ul>
        )}
        <Link
          to="/properties"
          className="mt-8 inline-flex items-center gap-1 font-semibold text-emerald-800 hover:underline sm:hidden"
        >
          All properties <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </section>

      <section aria-labelledby="services-h" className="bg-white py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="services-h" className="text-3xl font-bold tracking-tight">
            How we can help
          </h2>
          <p className="mt-1 text-stone-600">Fourteen services, one accountable team.</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICE_SUMMARIES.filter((s) => FEATURED_SERVICES.includes(s.slug)).map((s) => (
              <li
                key={s.slug}
                className="relative rounded-2xl border border-stone-200 p-6 transition hover:border-emerald-700 focus-within:ring-2 focus-within:ring-emerald-700"
              >
                <Building2 aria-hidden="true" className="size-8 text-emerald-800" />
                <h3 className="mt-4 text-lg font-semibold">
                  <Link
                    to={`/services/${s.slug}`}
                    className="after:absolute after:inset-0 focus:outline-none"
                  >
                    {s.title}
                  </Link>
                </h3>
                <p className="mt-2 text-stone-700">{s.summary}</p>
              </li>
            ))}
          </ul>
          <Link
            to="/services"
            className="mt-8 inline-flex items-center gap-1 font-semibold text-emerald-800 hover:underline"
          >
            See all 14 services <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>

      <section aria-labelledby="testimonials-h" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="testimonials-h" className="text-3xl font-bold tracking-tight">
          What our clients say
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-4 text-stone-800">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{t.name}</span>
                  <br />
                  <span className="text-stone-600">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      {posts.status === "ready" && posts.data.rows.length > 0 && (
        <section aria-labelledby="blog-h" className="bg-white py-16">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <div className="mb-8 flex items-end justify-between">
              <h2 id="blog-h" className="text-3xl font-bold tracking-tight">
                From the blog
              </h2>
              <Link
                to="/blog"
                className="inline-flex items-center gap-1 font-semibold text-emerald-800 hover:underline"
              >
                All posts <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
            <ul className="grid gap-6 md:grid-cols-3">
              {posts.data.rows.map((p) => (
                <li key={p.id}>
                  <PostCard post={p} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <ConsultationCta title="Talk to an adviser before you commit" />
    </>
  );
}
