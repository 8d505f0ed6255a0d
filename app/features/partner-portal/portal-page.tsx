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
import { LogOut, WifiOff } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { COMPANY } from "#core/constants.ts";
import {
  COMMISSION_STATUS_LABELS,
  DEAL_STAGE_LABELS,
  REGISTRATION_STATUS_LABELS,
} from "#core/collaboration-management/partner-rows.ts";
import { MessageThread } from "#app/components/partners/message-thread.tsx";
import { startOfflineSupport } from "#app/lib/offline/pwa.ts";
import { announcePartnerThread, useHubFrames } from "#app/lib/realtime/index.ts";
import { useSessionState } from "#app/lib/session.tsx";
import { Agreements } from "./components/agreements.tsx";
import { ListingCard } from "./components/listing-card.tsx";
import { money, when } from "./components/portal-format.ts";
import { markAgencyMessagesRead, myMessages, sendPartnerMessage, signOut } from "./api/portal-api.ts";
import { loadPortal, type PortalData } from "./api/portal-data.ts";

// The two-factor section and its query client load with the tab, not with the portal.
const SecurityTab = lazy(() => import("./components/security-tab.tsx"));

const TABS = [
  { id: "listings", label: "Listings and deals" },
  { id: "messages", label: "Messages" },
  { id: "agreements", label: "Agreements" },
  { id: "security", label: "Security" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export default function PartnerPortal() {
  const userId = useSessionState().user?.id;
  const [data, setData] = useState<PortalData | null>(null);
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "listings";
  const load = useCallback(() => {
    if (!userId) return;
    loadPortal(userId)
      .then((loaded) => {
        setData(loaded.data);
        setOfflineSince(loaded.offlineSince);
        setError(null);
      })
      .catch((e: unknown) =>
        setError(`The portal could not load: ${e instanceof Error ? e.message : String(e)}`),
      );
  }, [userId]);
  useEffect(load, [load]);
  useEffect(startOfflineSupport, []);
  // Back online after showing the kept copy: read everything again.
  useEffect(() => {
    if (offlineSince === null) return;
    window.addEventListener("online", load);
    return () => window.removeEventListener("online", load);
  }, [offlineSince, load]);
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
          onClick={() =>
            void signOut().then(
              () => window.location.assign("/"),
              (e: unknown) => setError(`Not signed out: ${e instanceof Error ? e.message : String(e)}`),
            )
          }
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
          {error}
        </p>
      )}
      {offlineSince !== null && (
        <p
          role="status"
          data-testid="portal-offline"
          className="mt-6 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          Offline: this is what was last loaded on this device, on{" "}
          {when(new Date(offlineSince).toISOString())}. Read-only until the network is back.
        </p>
      )}
      {tab === "security" ? (
        <Suspense
          fallback={
            <p className="mt-6 text-stone-600" role="status">
              Loading…
            </p>
          }
        >
          <SecurityTab />
        </Suspense>
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
                  <ListingCard
                    key={l.share_id}
                    listing={l}
                    onRegistered={load}
                    offline={offlineSince !== null}
                  />
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
