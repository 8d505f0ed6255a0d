/**
 * The collaboration portal (issue 16 item 5) for a signed-in partner: only the listings shared with
 * them, with the agreed split and the title badge; the shareable details as a download; a buyer
 * registered per listing (first registration wins and is time-stamped — a later one is refused
 * with who registered first and when, never their client); their registrations and co-broke deals
 * with commissions. Plain state (no query cache): the public layout has none.
 */
import { BadgeCheck, Download, LogOut, UserPlus } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { COMPANY } from "#core/constants.ts";
import { buyerRegistrationSchema, COMMISSION_STATUS_LABELS, DEAL_STAGE_LABELS, REGISTRATION_STATUS_LABELS, type CoBrokeDealRow, type SharedListing } from "#core/partners/partner-schema.ts";
import { myDeals, myRegistrations, partnerName, registerBuyer, sharedListings, signOut, type PortalRegistration } from "./api/portal-api.ts";

interface PortalData {
  name: string | null;
  listings: SharedListing[];
  registrations: PortalRegistration[];
  deals: CoBrokeDealRow[];
}

const money = (n: number | null, currency: string) => (n === null ? "Price on request" : new Intl.NumberFormat("en-GH", { style: "currency", currency, maximumFractionDigits: 0 }).format(n));
const when = (iso: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Accra" }).format(new Date(iso));

function shareableText(l: SharedListing): string {
  const lines = [
    l.title,
    [l.neighbourhood, l.city, l.region].filter(Boolean).join(", "),
    `${l.listing_type === "rent" ? "For rent" : "For sale"}: ${l.price_on_request ? "Price on request" : money(l.price, l.currency)}${l.rent_period ? ` per ${l.rent_period}` : ""}`,
    [l.bedrooms !== null && `${l.bedrooms} bedrooms`, l.bathrooms !== null && `${l.bathrooms} bathrooms`, l.land_size_sqm !== null && `${l.land_size_sqm} m² of land`, l.tenure].filter(Boolean).join(" · "),
    l.title_verified_at ? `Title documents verified by ${COMPANY.name} on ${when(l.title_verified_at)}` : "",
    "",
    l.description ?? "",
    l.features.length ? `\nFeatures: ${l.features.join(", ")}` : "",
    "",
    `Listed by ${COMPANY.name} · ${COMPANY.phone}`,
  ];
  return lines.filter((x, i, all) => x !== "" || all[i - 1] !== "").join("\n");
}

function download(l: SharedListing) {
  const url = URL.createObjectURL(new Blob([shareableText(l)], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${l.slug}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function PartnerPortal() {
  const [data, setData] = useState<PortalData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    Promise.all([partnerName(), sharedListings(), myRegistrations(), myDeals()])
      .then(([name, listings, registrations, deals]) => setData({ name, listings, registrations, deals }))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  useEffect(load, [load]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tracking-widest text-emerald-800 uppercase">Partner portal</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{data?.name ?? "Your partnership"}</h1>
        </div>
        <button type="button" onClick={() => void signOut().then(() => window.location.assign("/"))} className="inline-flex items-center gap-2 rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-100">
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      </header>
      {error && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          The portal could not load: {error}
        </p>
      )}
      {!data && !error && <p className="mt-6 text-stone-600" role="status">Loading your listings…</p>}
      {data && (
        <>
          <section aria-labelledby="shared-h" className="mt-8">
            <h2 id="shared-h" className="text-xl font-semibold">Listings shared with you</h2>
            {data.listings.length === 0 ? (
              <p className="mt-3 text-stone-600">Nothing is shared with you yet. Your partnership manager shares listings here.</p>
            ) : (
              <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Shared listings">
                {data.listings.map((l) => (
                  <ListingCard key={l.share_id} listing={l} onRegistered={load} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="buyers-h" className="mt-10">
            <h2 id="buyers-h" className="text-xl font-semibold">Your registered buyers</h2>
            {data.registrations.length === 0 ? (
              <p className="mt-3 text-stone-600">No buyers registered yet.</p>
            ) : (
              <ul className="mt-3 divide-y rounded-xl border border-stone-200 bg-white" aria-label="Registered buyers">
                {data.registrations.map((r) => (
                  <li key={r.id} className="p-3 text-sm">
                    <span className="font-medium">{r.buyer_name}</span> for {r.properties?.title ?? "a listing"} · registered {when(r.created_at)} · {REGISTRATION_STATUS_LABELS[r.status]}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="deals-h" className="mt-10">
            <h2 id="deals-h" className="text-xl font-semibold">Co-broke deals and commissions</h2>
            {data.deals.length === 0 ? (
              <p className="mt-3 text-stone-600">No co-broke deals yet.</p>
            ) : (
              <ul className="mt-3 divide-y rounded-xl border border-stone-200 bg-white" aria-label="Co-broke deals">
                {data.deals.map((d) => (
                  <li key={d.id} className="p-3 text-sm">
                    <span className="font-medium">{d.title}</span> · {DEAL_STAGE_LABELS[d.stage]} · your split {d.partner_split_percent}%
                    {d.partner_commission !== null && ` = ${money(d.partner_commission, d.currency)}`} · {COMMISSION_STATUS_LABELS[d.commission_status]}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function ListingCard({ listing: l, onRegistered }: { listing: SharedListing; onRegistered: () => void }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = { buyer_name: String(form.get("buyer_name") ?? ""), buyer_phone: String(form.get("buyer_phone") ?? ""), buyer_email: String(form.get("buyer_email") ?? ""), notes: String(form.get("notes") ?? "") };
    const parsed = buyerRegistrationSchema.safeParse(input);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => i.message).join(". "));
      return;
    }
    setBusy(true);
    setProblem(null);
    registerBuyer(l.property_id, input)
      .then(() => {
        setDone(`${parsed.data.buyer_name} is registered for this listing.`);
        setOpen(false);
        onRegistered();
      })
      .catch((err: unknown) => setProblem(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };
  return (
    <li aria-label={l.title} className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold">{l.title}</h3>
      <p className="text-sm text-stone-700">
        {[l.neighbourhood, l.city].filter(Boolean).join(", ")} · {l.price_on_request ? "Price on request" : money(l.price, l.currency)}
      </p>
      <p className="text-sm font-medium text-emerald-900" data-testid="partner-split">
        Your split: {l.partner_split_percent}%
      </p>
      {l.share_note && <p className="text-sm text-stone-600">{l.share_note}</p>}
      {l.title_verified_at && (
        <p className="inline-flex items-center gap-1 text-sm text-emerald-900">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Title documents verified
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={() => download(l)} className="inline-flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
          <Download aria-hidden="true" className="size-4" />
          Download details
        </button>
        <button type="button" onClick={() => setOpen((v) => !v)} aria-expanded={open} className="inline-flex items-center gap-1 rounded-full bg-emerald-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-900">
          <UserPlus aria-hidden="true" className="size-4" />
          Register a buyer
        </button>
      </div>
      {done && (
        <p role="status" className="text-sm text-emerald-900">
          {done}
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {problem}
        </p>
      )}
      {open && (
        <form onSubmit={submit} aria-label={`Register a buyer for ${l.title}`} className="mt-2 grid gap-2 text-sm" noValidate>
          <label className="grid gap-1">
            Buyer's name
            <input name="buyer_name" className="rounded-md border border-stone-300 px-2 py-1.5" autoComplete="off" />
          </label>
          <label className="grid gap-1">
            Buyer's phone
            <input name="buyer_phone" className="rounded-md border border-stone-300 px-2 py-1.5" inputMode="tel" autoComplete="off" />
          </label>
          <label className="grid gap-1">
            Buyer's email
            <input name="buyer_email" type="email" className="rounded-md border border-stone-300 px-2 py-1.5" autoComplete="off" />
          </label>
          <label className="grid gap-1">
            Notes
            <textarea name="notes" rows={2} className="rounded-md border border-stone-300 px-2 py-1.5" />
          </label>
          <button type="submit" disabled={busy} className="justify-self-start rounded-full bg-emerald-800 px-4 py-1.5 font-medium text-white disabled:opacity-60">
            {busy ? "Registering…" : "Register"}
          </button>
        </form>
      )}
    </li>
  );
}
