import { Check } from "lucide-react";
import { Link, useParams } from "react-router";
import { ConsultationCta } from "../components/cta-band.tsx";
import { NotFoundState, PageHero } from "../components/states.tsx";
import { hostLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { getService, SERVICES } from "../services-data.ts";

export default function ServicePage() {
  const { service: slug = "" } = useParams();
  const s = getService(slug);
  usePageMeta(s?.title ?? "Page Not Found", s?.summary);
  if (!s) return <NotFoundState />;
  const others = SERVICES.filter((o) => o.slug !== s.slug).slice(0, 4);
  return (
    <>
      <PageHero eyebrow="Our services" title={s.title}>
        {s.summary}
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-12">
          <section className="space-y-4 text-lg leading-relaxed text-stone-800">
            {s.intro.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
            <p className="rounded-xl bg-amber-50 p-4 text-base text-stone-800">
              <strong>Who it is for:</strong> {s.audience}
            </p>
          </section>
          <section aria-labelledby="inc-h">
            <h2 id="inc-h" className="mb-4 text-2xl font-bold">
              What is included
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {s.included.map((x) => (
                <li key={x} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                  <span>{x}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="proc-h">
            <h2 id="proc-h" className="mb-4 text-2xl font-bold">
              How it works
            </h2>
            <ol className="space-y-4">
              {s.process.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-800 font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-stone-900">{step.title}</h3>
                    <p className="text-stone-700">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="faq-h">
            <h2 id="faq-h" className="mb-4 text-2xl font-bold">
              Frequently asked questions
            </h2>
            <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
              {s.faqs.map((f) => (
                <details key={f.q} className="group p-5">
                  <summary className="cursor-pointer list-none font-semibold text-stone-900 marker:hidden focus-visible:outline-2 focus-visible:outline-emerald-700">
                    <span className="flex items-center justify-between gap-4">
                      {f.q}
                      <span aria-hidden="true" className="text-emerald-800 transition group-open:rotate-45">
                        +
                      </span>
                    </span>
                  </summary>
                  <p className="mt-3 text-stone-700">{f.a}</p>
                </details>
              ))}
            </div>
          </section>
        </div>
        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl bg-emerald-900 p-6 text-white">
            <h2 className="text-xl font-semibold">Ready to talk?</h2>
            <p className="mt-2 text-emerald-100">
              Free 30-minute consultation with a specialist in {s.title.toLowerCase()}.
            </p>
            <a
              href={hostLink("consult", { service: s.slug })}
              className="mt-4 inline-block rounded-full bg-amber-300 px-5 py-3 font-semibold text-stone-900 hover:bg-amber-200"
            >
              {s.cta}
            </a>
          </div>
          <nav aria-label="Other services" className="rounded-2xl border border-stone-200 bg-white p-6">
            <h2 className="mb-3 font-semibold">Other services</h2>
            <ul className="space-y-2">
              {others.map((o) => (
                <li key={o.slug}>
                  <Link to={`/services/${o.slug}`} className="text-emerald-800 hover:underline">
                    {o.title}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/services" className="font-semibold text-stone-800 hover:underline">
                  All services
                </Link>
              </li>
            </ul>
          </nav>
        </aside>
      </div>
      <ConsultationCta title={`Let's discuss ${s.title.toLowerCase()}`} label={s.cta} service={s.slug} />
    </>
  );
}
