import { lazy, Suspense, type ReactNode } from "react";

export function PageLoading({ label = "Loading…" }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex max-w-7xl items-center justify-center px-4 py-24 text-stone-600"
    >
      <span
        className="mr-3 inline-block size-5 animate-spin rounded-full border-2 border-emerald-700 border-t-transparent"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}

export function ErrorState({
  title = "Something went wrong",
  children,
  onRetry,
}: {
  title?: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
    >
      <h2 className="font-semibold">{title}</h2>
      {children && <div className="mt-2 text-sm">{children}</div>}
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-full bg-red-800 px-4 py-2 text-sm font-semibold text-white hover:bg-red-900"
        >
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children && <div className="mt-2 text-stone-600">{children}</div>}
    </div>
  );
}

/** Page hero band used by the company and service pages. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-emerald-950 via-emerald-900 to-emerald-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        {eyebrow && (
          <p className="mb-3 text-sm font-semibold tracking-widest text-amber-300 uppercase">{eyebrow}</p>
        )}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-lg text-emerald-100">{children}</div>}
      </div>
    </section>
  );
}

// The not-found page (and its UI kit) loads only when a slug turns out to be unknown.
const LazyNotFoundPage = lazy(() => import("../pages/not-found-page.tsx"));

/** The spec's not-found page for an unknown listing, post or service. */
export function NotFoundState() {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyNotFoundPage />
    </Suspense>
  );
}
