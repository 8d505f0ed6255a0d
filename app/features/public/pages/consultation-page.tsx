/**
 * The consultation host's root: book a consultation at a time an adviser is really free.
 * The service picks the event type (its duration and rules); the slot picker
 * offers only free times; a time taken meanwhile comes back as "that time was just booked — here
 * are the next free times".
 */
import { useState } from "react";
import { useSearchParams } from "react-router";
import { MEETING_MODE_LABELS, MEETING_MODES } from "#core/form-fields.ts";
import { isServiceSlug } from "#core/services.ts";
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
import { hostLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { SERVICE_SUMMARIES } from "../services-catalogue.ts";

export default function ConsultationPage() {
  usePageMeta(
    "Book a consultation",
    "Book a free consultation with a Ghana Realty adviser at a time that is really free: in person in Accra, by phone, video or WhatsApp.",
  );
  const [params] = useSearchParams();
  const preset = params.get("service") ?? "";
  const [service, setService] = useState(isServiceSlug(preset) ? preset : "");
  const form = usePublicForm("consultation", formEntries);
  const slots = useFreeSlots({ kind: "consultation", service: service || undefined }, form.conflicts);
  const e = form.errors;
  const when = form.doneValues.preferred_date
    ? `${accraDayLabel(String(form.doneValues.preferred_date))} at ${String(form.doneValues.time_slot)}`
    : "";
  return (
    <FormPageShell
      eyebrow="Consultation"
      title="Book a consultation"
      intro="Choose a service and one of the free times below. You get a confirmation e-mail with a calendar file and a link to reschedule or cancel."
      aside={
        <p className="text-sm text-stone-700">
          Consultations are free. The times shown are when an adviser is actually available (Accra time, GMT);
          public holidays are closed.
        </p>
      }
    >
      {form.done ? (
        <FormSuccess
          title={
            form.doneStatus === "confirmed" ? "Your consultation is booked" : "Your consultation is requested"
          }
          onAgain={form.reset}
        >
          {form.doneStatus === "confirmed"
            ? `See you on ${when}. `
            : `We have your request for ${when} and confirm it by e-mail shortly. `}
          Check your inbox for the details.{" "}
          <a className="font-medium text-emerald-800 underline" href={hostLink("main")}>
            Back to the main site
          </a>
        </FormSuccess>
      ) : (
        <form
          {...form.formProps}
          aria-label="Consultation booking"
          className="relative space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        >
          <FormAlert message={form.message} />
          <SelectField
            name="service"
            label="Service"
            required
            error={e.service}
            placeholder="Choose a service"
            value={service}
            onChange={(ev) => setService(ev.currentTarget.value)}
            options={SERVICE_SUMMARIES.map((s) => ({ value: s.slug, label: s.title }))}
          />
          <SlotPicker
            load={slots}
            dateError={e.preferred_date}
            timeError={e.time_slot}
            next={form.next ?? undefined}
            emptyHint="No adviser has a free time in the next two weeks for this service. Call or WhatsApp us and we will find one."
          />
          <SelectField
            name="meeting_mode"
            label="How would you like to meet?"
            defaultValue="in_person"
            error={e.meeting_mode}
            options={MEETING_MODES.map((m) => ({ value: m, label: MEETING_MODE_LABELS[m] }))}
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
          <TextArea name="message" label="What would you like to discuss? (optional)" error={e.message} />
          <WhatsAppOptInField />
          <ConsentField error={e.consent} />
          <Honeypot />
          <SubmitButton sending={form.sending}>Book consultation</SubmitButton>
        </form>
      )}
    </FormPageShell>
  );
}
