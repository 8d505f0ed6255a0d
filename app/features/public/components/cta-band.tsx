import { hostLink, whatsappLink } from "../lib/links.ts";

export function ConsultationCta({
  title = "Not sure where to start?",
  label = "Book a free consultation",
  service,
}: {
  title?: string;
  label?: string;
  service?: string;
}) {
  return (
    <section aria-labelledby="cta-h" className="bg-emerald-900">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-h" className="text-2xl font-bold text-white sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 max-w-xl text-emerald-100">
            A 30-minute conversation with one of our advisers, in our Accra office, by phone, video or
            WhatsApp. No obligation.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href={hostLink("consult", { service })}
            className="rounded-full bg-amber-300 px-6 py-3 font-semibold text-stone-900 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-200"
          >
            {label}
          </a>
          <a
            href={whatsappLink()}
            target="_blank"
            rel="noopener"
            className="rounded-full border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            WhatsApp us<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
