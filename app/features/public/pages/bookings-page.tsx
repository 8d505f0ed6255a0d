import { Link2 } from "lucide-react";
import * as v from "valibot";
import { useSearchParams } from "react-router";
import { slugSchema } from "#core/schemas/content.ts";
import { todayInAccra, VIEWING_TIME_SLOTS } from "#core/form-fields.ts";
import { propertyTitleBySlug } from "../api/property-detail.ts";
import { ConsentField, FormAlert, FormSuccess, formEntries, Honeypot, SelectField, SubmitButton, TextArea, TextField, usePublicForm } from "../components/form-controls.tsx";
import { FormPageShell } from "../components/form-page-shell.tsx";
import { horizonDate } from "../lib/booking.ts";
import { hostLink, mainUrl } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { useAsync } from "../lib/use-async.ts";

export default function BookingsPage() {
  usePageMeta("Book a viewing", "Book a property viewing with Ghana Realty: choose a date and time, and an agent will meet you at the property.");
  const [params] = useSearchParams();
  const raw = params.get("property") ?? "";
  const slug = v.is(slugSchema, raw) ? raw : "";
  const property = useAsync(() => (slug ? propertyTitleBySlug(slug) : Promise.resolve(null)), [slug]);
  const linked = property.status === "ready" ? property.data : null;
  const form = usePublicForm("booking", formEntries);
  const e = form.errors;
  return (
    <FormPageShell
      eyebrow="Viewings"
      title="Book a viewing"
      intro="Tell us when you would like to view. An agent confirms the appointment and meets you at the property."
      aside={<p className="text-sm text-stone-700">Viewings run Monday to Friday 09:00–16:00 and Saturday 09:00–12:00. Please bring a photo ID.</p>}
    >
      {form.done ? (
        <FormSuccess title="Your viewing request is in" onAgain={form.reset}>
          We will confirm the appointment by email and WhatsApp. <a className="font-medium text-emerald-800 underline" href={`${hostLink("main")}properties`}>Browse more properties</a>
        </FormSuccess>
      ) : (
        <form {...form.formProps} aria-label="Viewing booking" className="relative space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <FormAlert message={form.message} />
          {linked ? (
            <div className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4" data-testid="booking-property">
              <Link2 aria-hidden="true" className="mt-0.5 size-5 text-emerald-800" />
              <p>
                Viewing for <a className="font-semibold text-emerald-900 underline" href={mainUrl(`/property/${slug}`)}>{linked.title}</a>
              </p>
              <input type="hidden" name="property_id" value={linked.id} />
              <input type="hidden" name="property_slug" value={slug} />
            </div>
          ) : (
            <p className="rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
              Not linked to a listing. To view a specific property, use “Book a viewing” on its page, or name it in the message below.
            </p>
          )}
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField name="preferred_date" label="Preferred date" type="date" required min={todayInAccra()} max={horizonDate()} error={e.preferred_date} />
            <SelectField name="time_slot" label="Time (Accra, GMT)" required error={e.time_slot} placeholder="Choose a time" options={VIEWING_TIME_SLOTS.map((t) => ({ value: t, label: t }))} />
            <SelectField name="attendees" label="People attending" defaultValue="1" error={e.attendees} options={Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="full_name" label="Full name" autoComplete="name" required error={e.full_name} />
            <TextField name="phone" label="Phone or WhatsApp number" type="tel" autoComplete="tel" required hint="e.g. 024 412 3456" error={e.phone} />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="email" required error={e.email} />
          <TextArea name="message" label="Anything we should know? (optional)" error={e.message} />
          <ConsentField error={e.consent} />
          <Honeypot />
          <SubmitButton sending={form.sending}>Request viewing</SubmitButton>
        </form>
      )}
    </FormPageShell>
  );
}
