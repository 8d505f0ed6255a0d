import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ConsultationCta } from "../components/cta-band.tsx";
import { PageHero } from "../components/states.tsx";
import { usePageMeta } from "../lib/meta.ts";
import { SERVICE_SUMMARIES } from "../services-catalogue.ts";

export default function ServicesPage() {
  usePageMeta(
    "Services",
    "Real estate services in Ghana: buying, selling, letting, management, valuation, title support, land banking and more.",
  );
  return (
    <>
      <PageHero eyebrow="What we do" title="Real estate services across Ghana">
        Fourteen services, one team: from your first viewing to title registration and years of hands-off
        management.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICE_SUMMARIES.map((s) => (
            <li key={s.slug}>
              <article className="relative flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-700">
                <h2 className="text-lg font-semibold text-stone-900">
                  <Link
                    to={`/services/${s.slug}`}
                    className="after:absolute after:inset-0 focus:outline-none"
                  >
                    {s.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-stone-700">{s.summary}</p>
                <p
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800"
                  aria-hidden="true"
                >
                  Learn more <ArrowRight className="size-4" />
                </p>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <ConsultationCta />
    </>
  );
}
