/**
 * The collaboration portal for a signed-in partner: only the listings shared with
 * them, with the agreed split and the title badge; the shareable details as a download; a buyer
 * registered per listing (first registration wins and is time-stamped — a later one is refused
 * with who registered first and when, never their client) and the agency's answer (accepted, or
 * declined with a reason); their co-broke deals with commissions (read-only); their agreements and
 * signed documents; the message thread with the agency, live (a message from either side is
 * announced through the hub — to admins and this partner only, ids only — and the thread
 * refetches through RLS); and a security page to turn on two-factor
 * sign-in (the same section the staff's /settings shows). Plain state for the portal's own reads;
 * the security page brings the query client the shared section needs.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { BadgeCheck, Download, LogOut, UserPlus } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { formatMoney } from "#core/format.ts";
import { publicImageSrcSet, publicImageUrl } from "#core/images.ts";
import {
  buyerRegistrationSchema,
  COMMISSION_STATUS_LABELS,
  DEAL_STAGE_LABELS,
  REGISTRATION_STATUS_LABELS,
  type AgreementRow,
  type CoBrokeDealRow,
  type PartnerMessageRow,
  type SharedListing,
} from "#core/collaboration-management/partner-schema.ts";
import { MessageThread } from "#app/components/partners/message-thread.tsx";
import { TwoFactorSection } from "#app/domains/two-factor/components/two-factor-section.tsx";
import { downloadText } from "#app/lib/download.ts";
import { startOfflineSupport } from "#app/lib/offline/pwa.ts";
import { queryClient } from "#app/lib/query-client.ts";
import { announcePartnerThread, useHubFrames } from "#app/lib/realtime/index.ts";
import { Agreements } from "./components/agreements.tsx";
import {
  markAgencyMessagesRead,
  myAgreements,
  myDeals,
  myMessages,
  myPartner,
  myRegistrations,
  registerBuyer,
  sendPartnerMessage,
  sharedListings,
  signOut,
  type PortalRegistration,
} from "./api/portal-api.ts";
interface PortalData {
  partner: { id: string; name: string } | null;
  listings: SharedListing[];
  registrations: PortalRegistration[];
  deals: CoBrokeDealRow[];
  agreements: AgreementRow[];
  messages: PartnerMessageRow[];
}

const TABS = [
  { id: "listings", label: "Listings and deals" },
  { id: "messages", label: "Messages" },
  { id: "agreements", label: "Agreements" },
  { id: "security", label: "Security" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const money = (n: number | null, currency: string) =>
  n === null ? "Price on request" : formatMoney(n, currency);
const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Accra",
  }).format(new Date(iso));

function shareableText(l: SharedListing): string {
  const lines = [
    l.title,
    [l.neighbourhood, l.city, l.region].filter(Boolean).join(", "),
    `${l.listing_type === "rent" ? "For rent" : "For sale"}: ${l.price_on_request ? "Price on request" : money(l.price, l.currency)}${l.rent_period ? ` per ${l.rent_period}` : ""}`,
    [
      l.bedrooms !== null && `${l.bedrooms} bedrooms`,
      l.bathrooms !== null && `${l.bathrooms} bathrooms`,
      l.land_size_sqm !== null && `${l.land_size_sqm} m² of land`,
      l.tenure,
    ]
      .filter(Boolean)
      .join(" · "),
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
  downloadText(shareableText(l), `${l.slug}.txt`, "text/plain;charset=utf-8");
}

export default function PartnerPortal() {
  const [data, setData] = useState<PortalData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "listings";
  const load = useCallback(() => {
    Promise.all([myPartner(), sharedListings(), myRegistrations(), myDeals(), myAgreements(), myMessages()])
      .then(([partner, listings, registrations, deals, agreements, messages]) =>
        setData({ partner, listings, registrations, deals, agreements, messages }),
      )
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  useEffect(load, [load]);
  useEffect(startOfflineSupport, []);
  const reloadMessages = useCallback(() => {
    myMessages().then(
      (messages) => setData((d) => (d ? { ...d, messages } : d)),
      (e: unknown) => console.warn("portal: messages not refreshed", e),
    );
  }, []);
  const partnerId = data?.partner?.id ?? null;
  useHubFrames("partner_thread_update", (f) => {
    if (f.partnerId === partnerId) reloadMessages();
  });
  // A socket that (re)connected may have missed announcements: catch up once.
  useHubFrames("auth_success", (f) => {
    if (!f.reauth && partnerId) reloadMessages();
  });
  const unread = (data?.messages ?? []).filter((m) => !m.from_partner && m.read_at === null).length;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tracking-widest text-emerald-800 uppercase">Partner portal</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">
            {data?.partner?.name ?? "Your partnership"}
          </h1>
        </div>
        <button
          type="button"
          onClick={() => void signOut().then(() => window.location.assign("/"))}
          className="inline-flex items-center gap-2 rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-100"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      </header>
      <nav aria-label="Portal" className="mt-6 flex flex-wrap gap-2 border-b border-stone-200 pb-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={tab === t.id ? "page" : undefined}
            onClick={() => setParams(t.id === "listings" ? {} : { tab: t.id }, { preventScrollReset: true })}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${tab === t.id ? "bg-emerald-800 text-white" : "hover:bg-stone-100"}`}
          >
            {t.label}
            {t.id === "messages" && unread > 0 && (
              <span className="ml-1 rounded-full bg-amber-300 px-1.5 text-xs text-stone-900">
                {unread} new
              </span>
            )}
          </button>
        ))}
      </nav>
      {error && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          The portal could not load: {error}
        </p>
      )}
      {tab === "security" ? (
        <section aria-labelledby="security-h" className="mt-8 flex flex-col gap-4">
          <h2 id="security-h" className="text-xl font-semibold">
            Security
          </h2>
          <QueryClientProvider client={queryClient}>
            <TwoFactorSection />
          </QueryClientProvider>
        </section>
      ) : !data && !error ? (
        <p className="mt-6 text-stone-600" role="status">
          Loading your listings…
        </p>
      ) : data && tab === "messages" ? (
        <Messages data={data} reload={reloadMessages} />
      ) : data && tab === "agreements" ? (
        <Agreements agreements={data.agreements} />
      ) : data ? (
        <>
          <section aria-labelledby="shared-h" className="mt-8">
            <h2 id="shared-h" className="text-xl font-semibold">
              Listings shared with you
            </h2>
            {data.listings.length === 0 ? (
              <p className="mt-3 text-stone-600">
                Nothing is shared with you yet. Your partnership manager shares listings here.
              </p>
            ) : (
              <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Shared listings">
                {data.listings.map((l) => (
                  <ListingCard key={l.share_id} listing={l} onRegistered={load} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="buyers-h" className="mt-10">
            <h2 id="buyers-h" className="text-xl font-semibold">
              Your registered buyers
            </h2>
            {data.registrations.length === 0 ? (
              <p className="mt-3 text-stone-600">No buyers registered yet.</p>
            ) : (
              <ul
                className="mt-3 divide-y rounded-xl border border-stone-200 bg-white"
                aria-label="Registered buyers"
              >
                {data.registrations.map((r) => (
                  <li key={r.id} aria-label={r.buyer_name} className="p-3 text-sm">
                    <span className="font-medium">{r.buyer_name}</span> for{" "}
                    {r.properties?.title ?? "a listing"} · registered {when(r.created_at)} ·{" "}
                    {REGISTRATION_STATUS_LABELS[r.status]}
                    {r.decided_at && ` on ${when(r.decided_at)}`}
                    {r.decline_reason && (
                      <span className="block text-stone-700">Reason: {r.decline_reason}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="deals-h" className="mt-10">
            <h2 id="deals-h" className="text-xl font-semibold">
              Co-broke deals and commissions
            </h2>
            {data.deals.length === 0 ? (
              <p className="mt-3 text-stone-600">No co-broke deals yet.</p>
            ) : (
              <ul
                className="mt-3 divide-y rounded-xl border border-stone-200 bg-white"
                aria-label="Co-broke deals"
              >
                {data.deals.map((d) => (
                  <li key={d.id} aria-label={d.title} className="p-3 text-sm">
                    <span className="font-medium">{d.title}</span> · {DEAL_STAGE_LABELS[d.stage]}
                    {d.agreed_price !== null && ` · ${money(d.agreed_price, d.currency)}`} · your split{" "}
                    {d.partner_split_percent}%
                    {d.partner_commission !== null && ` = ${money(d.partner_commission, d.currency)}`} ·{" "}
                    {COMMISSION_STATUS_LABELS[d.commission_status]}
                    {d.partner_note && <span className="block text-stone-700">{d.partner_note}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

function Messages({ data, reload }: { data: PortalData; reload: () => void }) {
  const unread = data.messages.some((m) => !m.from_partner && m.read_at === null);
  useEffect(() => {
    if (unread)
      void markAgencyMessagesRead().then(reload, (e: unknown) => console.warn("portal: read mark failed", e));
  }, [unread, reload]);
  const partner = data.partner;
  return (
    <section aria-labelledby="messages-h" className="mt-8 flex flex-col gap-3">
      <h2 id="messages-h" className="text-xl font-semibold">
        Messages with {COMPANY.name}
      </h2>
      {partner ? (
        <MessageThread
          label={`Messages with ${COMPANY.name}`}
          empty="No messages yet. Write to us here; your partnership manager answers in this thread."
          messages={data.messages.map((m) => ({
            id: m.id,
            body: m.body,
            created_at: m.created_at,
            mine: m.from_partner,
            author: m.from_partner ? partner.name : COMPANY.name,
          }))}
          onSend={async (body) => {
            const id = await sendPartnerMessage(partner.id, body);
            announcePartnerThread(partner.id, [id]);
            reload();
          }}
        />
      ) : (
        <p className="text-stone-600">Your account is not linked to an active partnership.</p>
      )}
    </section>
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
    const input = {
      buyer_name: String(form.get("buyer_name") ?? ""),
      buyer_phone: String(form.get("buyer_phone") ?? ""),
      buyer_email: String(form.get("buyer_email") ?? ""),
      notes: String(form.get("notes") ?? ""),
    };
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
    <li
      aria-label={l.title}
      className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      {/* /images serves photos of public listings only (the bucket's RLS). */}
      {l.cover_path && l.is_public && (
        <img
          src={publicImageUrl(l.cover_path)}
          srcSet={publicImageSrcSet(l.cover_path, [480, 800])}
          sizes="(min-width: 640px) 24rem, 100vw"
          alt={`${l.title}, photo`}
          loading="lazy"
          className="aspect-[16/9] w-full rounded-xl bg-stone-100 object-cover"
        />
      )}
      <h3 className="font-semibold">{l.title}</h3>
      <p className="text-sm text-stone-700">
        {[l.neighbourhood, l.city].filter(Boolean).join(", ")} ·{" "}
        {l.price_on_request ? "Price on request" : money(l.price, l.currency)}
        {!l.price_on_request && l.rent_period && ` per ${l.rent_period}`}
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
        <button
          type="button"
          onClick={() => download(l)}
          className="inline-flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100"
        >
          <Download aria-hidden="true" className="size-4" />
          Download details
        </button>
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          className="inline-flex items-center gap-1 rounded-full bg-emerald-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-900"
        >
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
        <form
          onSubmit={submit}
          aria-label={`Register a buyer for ${l.title}`}
          className="mt-2 grid gap-2 text-sm"
          noValidate
        >
          <label className="grid gap-1">
            Buyer's name
            <input
              name="buyer_name"
              className="rounded-md border border-stone-300 px-2 py-1.5"
              autoComplete="off"
            />
          </label>
          <label className="grid gap-1">
            Buyer's phone
            <input
              name="buyer_phone"
              className="rounded-md border border-stone-300 px-2 py-1.5"
              inputMode="tel"
              autoComplete="off"
            />
          </label>
          <label className="grid gap-1">
            Buyer's email
            <input
              name="buyer_email"
              type="email"
              className="rounded-md border border-stone-300 px-2 py-1.5"
              autoComplete="off"
            />
          </label>
          <label className="grid gap-1">
            Notes
            <textarea name="notes" rows={2} className="rounded-md border border-stone-300 px-2 py-1.5" />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="justify-self-start rounded-full bg-emerald-800 px-4 py-1.5 font-medium text-white disabled:opacity-60"
          >
            {busy ? "Registering…" : "Register"}
          </button>
        </form>
      )}
    </li>
  );
}
