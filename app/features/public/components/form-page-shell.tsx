import type { ReactNode } from "react";
import { COMPANY } from "#core/constants.ts";
import { whatsappLink } from "../lib/links.ts";

/** Frame of the single-purpose host pages: heading, intro, the form, and a help panel. */
export function FormPageShell({
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-emerald-950 from-0% via-emerald-950 via-[18rem] to-stone-50 to-[18rem]">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-16 sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-emerald-100">{intro}</p>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="min-w-0">{children}</div>
          <aside className="space-y-4 self-start rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            {aside}
            <h2 className="font-semibold">Prefer to talk?</h2>
            <p className="text-sm text-stone-700">
              Call{" "}
              <a className="font-medium text-emerald-800 underline" href={`tel:${COMPANY.phoneE164}`}>
                {COMPANY.phone}
              </a>{" "}
              or{" "}
              <a
                className="font-medium text-emerald-800 underline"
                href={whatsappLink()}
                target="_blank"
                rel="noopener"
              >
                chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
              </a>
              .
            </p>
            <p className="text-sm text-stone-600">{COMPANY.officeHours}. All times are Accra time (GMT).</p>
          </aside>
        </div>
      </div>
    </div>
  );
}
