import { useSearchParams } from "react-router";
import { CONSULTATION_TIME_SLOTS, MEETING_MODES, todayInAccra } from "#core/form-fields.ts";
import { isServiceSlug } from "#core/services.ts";
import { ConsentField, FormAlert, FormSuccess, formEntries, Honeypot, SelectField, SubmitButton, TextArea, TextField, usePublicForm } from "../components/form-controls.tsx";
import { FormPageShell } from "../components/form-page-shell.tsx";
import { horizonDate } from "../lib/booking.ts";
import { hostLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";
import { SERVICE_SUMMARIES } from "../services-catalogue.ts";

const MEETING_MODE_LABELS: Record<(typeof MEETING_MODES)[number], string> = {
  in_person: "In person at our Accra office",
  phone: "Phone call",
  video: "Video call",
  whatsapp: "WhatsApp call",
};

export default function ConsultationPage() {
  usePageMeta("Book a consultation", "Book a free 30-minute consultation with a Ghana Realty adviser: in person in Accra, by phone, video or WhatsApp.");
  const [params] = useSearchParams();
  const preset = params.get("service") ?? "";
  const form = usePublicForm("consultation", formEntries);
  const e = form.errors;
  return (
    <FormPageShell
      eyebrow="Consultation"
      title="Book a consultation"
      intro="Choose a service and a time that suits you. A specialist will confirm by email and WhatsApp within one working day."
      aside={<p className="text-sm text-stone-700">Consultations are free and last about 30 minutes. Slots run Monday to Friday 09:00–16:00 and Saturday 09:00–12:00.</p>}
    >
      {form.done ? (
        <FormSuccess title="Your consultation is requested" onAgain={form.reset}>
          We will confirm the time with you shortly. <a className="font-medium text-emerald-800 underline" href={hostLink("main")}>Back to the main site</a>
        </FormSuccess>
      ) : (
        <form {...form.formProps} aria-label="Consultation booking" className="relative space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <FormAlert message={form.message} />
          <SelectField name="service" label="Service" required error={e.service} placeholder="Choose a service" defaultValue={isServiceSlug(preset) ? preset : ""} options={SERVICE_SUMMARIES.map((s) => ({ value: s.slug, label: s.title }))} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="preferred_date" label="Preferred date" type="date" required min={todayInAccra()} max={horizonDate()} error={e.preferred_date} />
            <SelectField name="time_slot" label="Time (Accra, GMT)" required error={e.time_slot} placeholder="Choose a time" options={CONSULTATION_TIME_SLOTS.map((t) => ({ value: t, label: t }))} />
          </div>
          <SelectField name="meeting_mode" label="How would you like to meet?" defaultValue="in_person" error={e.meeting_mode} options={MEETING_MODES.map((m) => ({ value: m, label: MEETING_MODE_LABELS[m] }))} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="full_name" label="Full name" autoComplete="name" required error={e.full_name} />
            <TextField name="phone" label="Phone or WhatsApp number" type="tel" autoComplete="tel" required hint="e.g. 024 412 3456" error={e.phone} />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="email" required error={e.email} />
          <TextArea name="message" label="What would you like to discuss? (optional)" error={e.message} />
          <ConsentField error={e.consent} />
          <Honeypot />
          <SubmitButton sending={form.sending}>Request consultation</SubmitButton>
        </form>
      )}
    </FormPageShell>
  );
}
