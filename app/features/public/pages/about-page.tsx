import { COMPANY } from "#core/constants.ts";
import { ConsultationCta } from "../components/cta-band.tsx";
import { ReacLicence } from "../components/site-footer.tsx";
import { PageHero } from "../components/states.tsx";
import { usePageMeta } from "../lib/meta.ts";

const VALUES = [
  {
    title: "Verified before listed",
    text: "We inspect every property and check the seller's or landlord's documents before a listing goes live.",
  },
  {
    title: "No cash, ever",
    text: "Every payment goes through a bank or mobile money with a receipt, as the Real Estate Agency Act requires.",
  },
  {
    title: "Straight answers",
    text: "If a plot has a problem or a price is unrealistic, we say so — in writing.",
  },
  {
    title: "Always reachable",
    text: "Advisers answer by phone and WhatsApp, including for clients in other time zones.",
  },
];

export default function AboutPage() {
  usePageMeta(
    "About us",
    `${COMPANY.name} is a licensed real estate agency in Accra helping buyers, tenants, landlords and investors since ${COMPANY.foundedYear}.`,
  );
  return (
    <>
      <PageHero eyebrow="About us" title={`A Ghanaian agency built on trust since ${COMPANY.foundedYear}`}>
        We help families, investors and companies buy, rent, sell and manage property in Ghana — safely,
        transparently and without surprises.
      </PageHero>
      <div className="mx-auto max-w-7xl space-y-16 px-4 py-14 sm:px-6">
        <section className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg leading-relaxed text-stone-800">
            <h2 className="text-3xl font-bold text-stone-900">Our story</h2>
            <p>
              {COMPANY.name} started in {COMPANY.foundedYear} in a small office in Osu with one promise: never
              to show a client a property whose papers we had not checked. Too many friends had lost savings
              to land sold twice or houses built on disputed plots.
            </p>
            <p>
              Today our team of agents, property managers, surveyors and partner lawyers serves clients across
              Greater Accra, Ashanti and the Western Region, and Ghanaians abroad who want a trusted pair of
              eyes at home.
            </p>
          </div>
          <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-stone-200">
            <h2 className="text-xl font-semibold">Licensed and accountable</h2>
            <ReacLicence className="mt-3 text-stone-700" />
            <p className="mt-3 text-stone-700">
              Registered office: {COMPANY.address}. GhanaPost GPS {COMPANY.ghanaPostGps}.
            </p>
          </div>
        </section>
        <section aria-labelledby="values-h">
          <h2 id="values-h" className="mb-6 text-3xl font-bold">
            What we stand for
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-2xl border border-stone-200 bg-white p-6">
                <h3 className="font-semibold text-emerald-900">{v.title}</h3>
                <p className="mt-2 text-stone-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <ConsultationCta />
    </>
  );
}
