import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { COMPANY } from "#core/constants.ts";
import {
  ConsentField,
  FormAlert,
  FormSuccess,
  formEntries,
  Honeypot,
  SubmitButton,
  TextArea,
  TextField,
  usePublicForm,
} from "../components/form-controls.tsx";
import { PageHero } from "../components/states.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { whatsappLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";

const OfficeMap = lazy(() => import("../components/office-map.tsx"));
// Leaflet needs a browser: the map mounts after hydration, over a placeholder of its size.
const mapPlaceholder = <div className="h-72 rounded-2xl bg-stone-200" aria-hidden="true" />;

export default function ContactPage() {
  const hydrated = useHydrated();
  usePageMeta(
    "Contact us",
    `Contact ${COMPANY.name} in Accra: phone, WhatsApp, email, office hours and directions.`,
  );
  const [params] = useSearchParams();
  const [propertySlug, setPropertySlug] = useState(params.get("property") ?? "");
  const form = usePublicForm("contact", formEntries);
  const e = form.errors;

  return (
    <>
      <PageHero eyebrow="Contact" title="Talk to our team">
        Call, WhatsApp, email or visit us in Airport Residential Area. We reply within one working day.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="form-h" className="min-w-0">
          <h2 id="form-h" className="mb-6 text-2xl font-bold">
            Send us a message
          </h2>
          {form.done ? (
            <FormSuccess title="Thank you, your message is with us" onAgain={form.reset}>
              We will reply by email within one working day. For anything urgent, call {COMPANY.phone} or
              WhatsApp us.
            </FormSuccess>
          ) : (
            <form
              {...form.formProps}
              className="relative space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
              aria-label="Contact form"
            >
              <FormAlert message={form.message} />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  name="full_name"
                  label="Full name"
                  autoComplete="name"
                  required
                  error={e.full_name}
                />
                <TextField
                  name="email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  error={e.email}
                />
                <TextField
                  name="phone"
                  label="Phone (optional)"
                  type="tel"
                  autoComplete="tel"
                  hint="e.g. 024 412 3456 or +44 20 7946 0958"
                  error={e.phone}
                />
                <TextField
                  name="subject"
                  label="Subject (optional)"
                  error={e.subject}
                  defaultValue={propertySlug ? `Enquiry about ${propertySlug}` : ""}
                />
              </div>
              {propertySlug && (
                <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm">
                  <p>
                    Regarding listing <strong className="font-semibold">{propertySlug}</strong>
                  </p>
                  <input type="hidden" name="property_slug" value={propertySlug} />
                  <button
                    type="button"
                    onClick={() => setPropertySlug("")}
                    className="font-medium text-emerald-900 underline"
                  >
                    Remove
                  </button>
                </div>
              )}
              <TextArea name="message" label="Message" required rows={6} error={e.message} />
              <ConsentField error={e.consent} />
              <Honeypot />
              <SubmitButton sending={form.sending}>Send message</SubmitButton>
            </form>
          )}
        </section>
        <aside className="space-y-6">
          <address className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 not-italic shadow-sm">
            <h2 className="text-lg font-semibold">Our office</h2>
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              <span>
                {COMPANY.address}
                <br />
                GhanaPost GPS: {COMPANY.ghanaPostGps}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              <a className="font-medium text-emerald-800 hover:underline" href={`tel:${COMPANY.phoneE164}`}>
                {COMPANY.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <MessageCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              <a
                className="font-medium text-emerald-800 hover:underline"
                href={whatsappLink()}
                target="_blank"
                rel="noopener"
              >
                WhatsApp +{COMPANY.whatsappE164}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              <a className="font-medium text-emerald-800 hover:underline" href={`mailto:${COMPANY.email}`}>
                {COMPANY.email}
              </a>
            </p>
            <p className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              <span>
                {COMPANY.officeHours}
                <br />
                <span className="text-sm text-stone-600">Closed on Sundays and public holidays.</span>
              </span>
            </p>
          </address>
          {hydrated ? (
            <Suspense fallback={mapPlaceholder}>
              <OfficeMap />
            </Suspense>
          ) : (
            mapPlaceholder
          )}
        </aside>
      </div>
    </>
  );
}
