import type { ReactNode } from "react";
import { PageHero } from "./states.tsx";

export interface Section {
  title: string;
  body: ReactNode;
}

/** Long-form text pages (policies, compliance): hero, table of contents, numbered sections. */
export function TextPage({
  eyebrow,
  title,
  intro,
  updated,
  sections,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  updated?: string;
  sections: Section[];
}) {
  const id = (i: number) => `section-${i + 1}`;
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title}>
        {intro}
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[240px_minmax(0,1fr)]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-stone-600 uppercase">On this page</h2>
          <ol className="space-y-1 text-sm">
            {sections.map((s, i) => (
              <li key={s.title}>
                <a href={`#${id(i)}`} className="text-emerald-800 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {updated && <p className="text-sm text-stone-600">Last updated: {updated}</p>}
          {sections.map((s, i) => (
            <section key={s.title} id={id(i)} aria-labelledby={`${id(i)}-h`} className="scroll-mt-24">
              <h2 id={`${id(i)}-h`} className="mb-3 text-2xl font-bold">
                {s.title}
              </h2>
              <div className="space-y-3 leading-relaxed text-stone-800 [&_a]:text-emerald-800 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
                {s.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
