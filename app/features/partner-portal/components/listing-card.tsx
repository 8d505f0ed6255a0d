/**
 * One listing shared with the partner: photo, place, price, the agreed split, the title badge, the
 * shareable details as a download and the buyer registration form. The form's schema (zod) loads
 * when the form opens; offline the form is not offered (the portal is read-only then).
 */
import { BadgeCheck, Download, UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { COMPANY } from "#core/constants.ts";
import { publicImageSrcSet, publicImageUrl } from "#core/images.ts";
import type { SharedListing } from "#core/collaboration-management/partner-rows.ts";
import { downloadText } from "#app/lib/download.ts";
import { loadPortalForms, registerBuyer } from "../api/portal-api.ts";
import { money, when } from "./portal-format.ts";

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

export function ListingCard({
  listing: l,
  onRegistered,
  offline,
}: {
  listing: SharedListing;
  onRegistered: () => void;
  /** The data shown is the copy kept on this device: nothing can be registered. */
  offline: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = {
      buyer_name: String(form.get("buyer_name") ?? ""),
      buyer_phone: String(form.get("buyer_phone") ?? ""),
      buyer_email: String(form.get("buyer_email") ?? ""),
      notes: String(form.get("notes") ?? ""),
    };
    setBusy(true);
    try {
      const { buyerRegistrationSchema } = await loadPortalForms();
      const parsed = buyerRegistrationSchema.safeParse(input);
      if (!parsed.success) {
        setProblem(parsed.error.issues.map((i) => i.message).join(". "));
        return;
      }
      setProblem(null);
      await registerBuyer(l.property_id, input);
      setDone(`${parsed.data.buyer_name} is registered for this listing.`);
      setOpen(false);
      onRegistered();
    } catch (err: unknown) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
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
          onClick={() => {
            // The schema starts loading with the form, so checking the first submit waits on nothing.
            if (!open) void loadPortalForms();
            setOpen((v) => !v);
          }}
          disabled={offline}
          aria-expanded={open}
          className="inline-flex items-center gap-1 rounded-full bg-emerald-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-900 disabled:opacity-60"
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
      {open && !offline && (
        <form
          onSubmit={(e) => void submit(e)}
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
