import { PageHero } from "../components/states.tsx";
import { usePageMeta } from "../lib/meta.ts";

const ASSOCIATIONS = [
  {
    name: "Real Estate Agency Council (REAC)",
    text: "The regulator established by the Real Estate Agency Act, 2020 (Act 1047). We hold a current agency licence and follow its code of conduct, including the ban on cash transactions.",
  },
  {
    name: "Ghana Real Estate Professionals Association (GREPA)",
    text: "Our agents take part in GREPA's professional training and ethics programmes.",
  },
  {
    name: "Ghana Institution of Surveyors (GhIS)",
    text: "Our valuations and surveys are carried out with GhIS-registered valuers and licensed surveyors.",
  },
  {
    name: "Ghana Real Estate Developers Association (GREDA)",
    text: "We work with GREDA member developers for off-plan and new-build sales.",
  },
  {
    name: "Lands Commission",
    text: "We file official searches and support title registration with the Lands Commission in Accra and the regions.",
  },
  {
    name: "Data Protection Commission",
    text: "We are registered as a data controller under the Data Protection Act, 2012 (Act 843).",
  },
];

export default function AssociationsPage() {
  usePageMeta(
    "Associations",
    "Professional bodies, regulators and partners Ghana Realty works with: REAC, GREPA, GhIS, GREDA and more.",
  );
  return (
    <>
      <PageHero eyebrow="Associations" title="Regulated, registered and connected">
        The bodies we are licensed by, registered with and work alongside, so you know who holds us to
        account.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2">
          {ASSOCIATIONS.map((a) => (
            <li key={a.name} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-emerald-900">{a.name}</h2>
              <p className="mt-2 text-stone-700">{a.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
