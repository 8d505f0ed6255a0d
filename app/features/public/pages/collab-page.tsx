import { Handshake, LineChart, Share2 } from "lucide-react";
import { Link } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { hostLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";

const FEATURES = [
  {
    icon: Share2,
    title: "Share listings",
    text: "Co-list properties with us and reach our buyers at home and in the diaspora.",
  },
  {
    icon: Handshake,
    title: "Refer clients",
    text: "Pass on leads and track them through viewings, offers and completion.",
  },
  {
    icon: LineChart,
    title: "Clear commission splits",
    text: "See the splits agreed for each deal and when they are paid.",
  },
];

export default function CollabPage() {
  usePageMeta("Partner portal", `${COMPANY.name} collaboration portal for partner agencies and agents.`);
  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-emerald-800 uppercase">Collaboration portal</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">Partner with {COMPANY.name}</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-700">
        The portal for licensed partner agencies and agents who share listings and leads with us. Sign in with
        the account we created for you.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to="/auth"
          className="rounded-full bg-emerald-800 px-6 py-3 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          Partner sign in
        </Link>
        <a
          href={`${hostLink("main")}contact`}
          className="rounded-full border border-emerald-800 px-6 py-3 font-semibold text-emerald-900 hover:bg-emerald-50"
        >
          Become a partner
        </a>
      </div>
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-8 text-emerald-800" />
            <h2 className="mt-4 font-semibold">{title}</h2>
            <p className="mt-2 text-stone-700">{text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-sm text-stone-600">
        Partners must hold a valid REAC licence. Portal features are being rolled out in stages; your
        partnership manager will tell you what is available to you.
      </p>
    </div>
  );
}
