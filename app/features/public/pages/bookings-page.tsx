/**
 * The bookings host's root: book a viewing at a time an agent is really free —
 * with the listing's own agent when they show properties. Only free times are offered;
 * a time taken meanwhile comes back with the next free times.
 */
import { Link2 } from "lucide-react";
import * as v from "valibot";
import { useSearchParams } from "react-router";
import { slugSchema } from "#core/schemas/content.ts";
import { propertyTitleBySlug } from "../api/property-detail.ts";
import {
  ConsentField,
  WhatsAppOptInField,
  FormAlert,
  FormSuccess,
  formEntries,
  Honeypot,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
  usePublicForm,
} from "../components/form-controls.tsx";
import { FormPageShell } from "../components/form-page-shell.tsx";
import { SlotPicker, useFreeSlots } from "../components/slot-picker.tsx";
import { accraDayLabel } from "../lib/booking.ts";
import { hostLink, mainUrl } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";

export default function BookingsPage() {
  usePageMeta(
    "Book a viewing",
    "Book a property viewing with Ghana Realty at a time an agent is free: they meet you at the property.",
  );
  const [params] = useSearchParams();
  const raw = params.get("property") ?? "";
  const slug = v.is(slugSchema, raw) ? raw : "";
  const property = useAsync(() => (slug ? propertyTitleBySlug(slug) : Promise.resolve(null)), [slug]);
  const linked = property.status === "ready" ? property.data : null;
  const settled = !slug || property.status !== "loading";
  const form = usePublicForm("booking", formEntries);
  const slots = useFreeSlots(settled ? { kind: "viewing", property: linked?.id } : null, form.conflicts);
  const e = form.errors;
  const when = form.doneValues.preferred_date
    ? `${accraDayLabel(String(form.doneValues.preferred_date))} at ${String(form.doneValues.time_slot)}`
    : "";
  return (
    <FormPageShell
      eyebrow="Viewings"
      title="Book a viewing"
      intro="Choose one of the free times below. An agent meets you at the property; you get an e-mail with a calendar file and a link to reschedule or cancel."
      aside={
        <p className="text-sm text-stone-700">
          The times shown are when an agent is actually free to meet you (Accra time, GMT). Please bring a
          photo ID.
        </p>
      }
    >
      {form.done ? (
        <FormSuccess
          title={form.doneStatus === "confirmed" ? "Your viewing is booked" : "Your viewing request is in"}
          onAgain={form.reset}
        >
          {form.doneStatus === "confirmed"
            ? `See you on ${when}. `
            : `We have your request for ${when}; the agent confirms it by e-mail shortly. `}
          <a className="font-medium text-emerald-800 underline" href={`${hostLink("main")}properties`}>
            Browse more properties
          </a>
        </FormSuccess>
      ) : (
        <form
          {...form.formProps}
          aria-label="Viewing booking"
          className="relative space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        >
          <FormAlert message={form.message} />
          {linked ? (
            <div
              className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4"
              data-testid="booking-property"
            >
              <Link2 aria-hidden="true" className="mt-0.5 size-5 text-emerald-800" />
              <p>
                Viewing for{" "}
                <a className="font-semibold text-emerald-900 underline" href={mainUrl(`/property/${slug}`)}>
                  {linked.title}
                </a>
              </p>
              <input type="hidden" name="property_id" value={linked.id} />
              <input type="hidden" name="property_slug" value={slug} />
            </div>
          ) : (
            <p className="rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
              Not linked to a listing. To view a specific property, use “Book a viewing” on its page, or name
              it in the message below.
            </p>
          )}
          <SlotPicker
            load={slots}
            dateError={e.preferred_date}
            timeError={e.time_slot}
            next={form.next ?? undefined}
            emptyHint="No agent has a free time in the next weeks. Call or WhatsApp us and we will arrange one."
          />
          <SelectField
            name="attendees"
            label="People attending"
            defaultValue="1"
            error={e.attendees}
            options={Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="full_name" label="Full name" autoComplete="name" required error={e.full_name} />
            <TextField
              name="phone"
              label="Phone or WhatsApp number"
              type="tel"
              autoComplete="tel"
              required
              hint="e.g. 024 412 3456"
              error={e.phone}
            />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="email" required error={e.email} />
          <TextArea name="message" label="Anything we should know? (optional)" error={e.message} />
          <WhatsAppOptInField />
          <ConsentField error={e.consent} />
          <Honeypot />
          <SubmitButton sending={form.sending}>Book viewing</SubmitButton>
        </form>
      )}
    </FormPageShell>
  );
}
