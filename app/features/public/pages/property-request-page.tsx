/**
 * The request host's root: what a visitor is looking for, as ranges and lists —
 * buy or rent, the types they would take, places, budget with currency, bedrooms, area,
 * when they move in — so staff can match it against listings both ways.
 */
import { CURRENCIES, PROPERTY_TYPES } from "#core/content-model.ts";
import { REQUEST_TIMELINE_LABELS, REQUEST_TIMELINES, todayInAccra } from "#core/form-fields.ts";
import {
  ConsentField,
  FormAlert,
  FormSuccess,
  formEntries,
  Honeypot,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
  usePublicForm,
  type FormValues,
} from "../components/form-controls.tsx";
import { FormPageShell } from "../components/form-page-shell.tsx";
import { titleCase } from "../lib/format.ts";
import { hostLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";

/** The places box is one text ("East Legon, Cantonments") and the types are checkboxes; the schema wants lists. */
function toValues(fd: FormData): FormValues {
  const v = formEntries(fd);
  const locs = typeof v.locations === "string" ? v.locations : "";
  v.locations = locs
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  v.property_types = fd.getAll("property_types").filter((t): t is string => typeof t === "string");
  for (const k of ["area_min_sqm", "area_max_sqm", "move_in_date"])
    if (typeof v[k] === "string" && (v[k] as string).trim() === "") delete v[k];
  return v;
}

export default function PropertyRequestPage() {
  usePageMeta(
    "Request a property",
    "Tell Ghana Realty what you are looking for and we will search listings and off-market property for you.",
  );
  const form = usePublicForm("property-request", toValues);
  const e = form.errors;
  return (
    <FormPageShell
      eyebrow="Property request"
      title="Tell us what you are looking for"
      intro="We match your request against our listings and our partners' off-market properties, and send you a shortlist."
      aside={
        <p className="text-sm text-stone-700">
          We search new listings every day. Most clients receive their first matches within 48 hours.
        </p>
      }
    >
      {form.done ? (
        <FormSuccess title="Your request is with our search team" onAgain={form.reset}>
          We will send matching properties by email and WhatsApp.{" "}
          <a className="font-medium text-emerald-800 underline" href={`${hostLink("main")}properties`}>
            Browse current listings
          </a>
        </FormSuccess>
      ) : (
        <form
          {...form.formProps}
          aria-label="Property request"
          className="relative space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        >
          <FormAlert message={form.message} />
          <RadioGroup
            name="listing_type"
            label="I want to"
            error={e.listing_type}
            options={[
              { value: "buy", label: "Buy" },
              { value: "rent", label: "Rent" },
            ]}
          />
          <fieldset aria-describedby={e.property_types ? "property-types-error" : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">
              Property types
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {PROPERTY_TYPES.map((t) => (
                <label
                  key={t}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
                >
                  <input
                    type="checkbox"
                    name="property_types"
                    value={t}
                    className="size-4 accent-emerald-700"
                  />
                  {titleCase(t)}
                </label>
              ))}
            </div>
            {e.property_types && (
              <p
                id="property-types-error"
                className="mt-1 text-sm font-medium text-red-700"
                data-field-error="property_types"
              >
                {e.property_types}
              </p>
            )}
          </fieldset>
          <TextField
            name="locations"
            label="Preferred locations"
            required
            hint="Separate with commas, e.g. East Legon, Cantonments, Tema"
            error={e.locations}
          />
          <div className="grid grid-cols-2 gap-5 sm:grid-cols-3">
            <TextField
              name="budget_min"
              label="Budget from (optional)"
              inputMode="numeric"
              error={e.budget_min}
            />
            <TextField
              name="budget_max"
              label="Budget up to"
              inputMode="numeric"
              required
              hint="For rent: per month"
              error={e.budget_max}
            />
            <SelectField
              name="currency"
              label="Currency"
              defaultValue="GHS"
              error={e.currency}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              className="col-span-2 sm:col-span-1"
            />
          </div>
          <div className="grid grid-cols-2 gap-5">
            <SelectField
              name="bedrooms_min"
              label="Bedrooms from"
              error={e.bedrooms_min}
              placeholder="Any"
              options={[0, 1, 2, 3, 4, 5, 6].map((n) => ({
                value: String(n),
                label: n === 0 ? "Studio / none" : String(n),
              }))}
            />
            <SelectField
              name="bedrooms_max"
              label="Bedrooms up to"
              error={e.bedrooms_max}
              placeholder="Any"
              options={[1, 2, 3, 4, 5, 6, 8, 10].map((n) => ({ value: String(n), label: String(n) }))}
            />
          </div>
          <div className="grid grid-cols-2 gap-5 sm:grid-cols-3">
            <TextField
              name="area_min_sqm"
              label="Area from, m² (optional)"
              inputMode="numeric"
              error={e.area_min_sqm}
            />
            <TextField
              name="area_max_sqm"
              label="Area up to, m² (optional)"
              inputMode="numeric"
              error={e.area_max_sqm}
            />
            <TextField
              name="move_in_date"
              label="Move-in date (optional)"
              type="date"
              min={todayInAccra()}
              error={e.move_in_date}
              className="col-span-2 sm:col-span-1"
            />
          </div>
          <SelectField
            name="timeline"
            label="When do you need it?"
            required
            error={e.timeline}
            placeholder="Choose a timeline"
            options={REQUEST_TIMELINES.map((t) => ({ value: t, label: REQUEST_TIMELINE_LABELS[t] }))}
          />
          <TextArea
            name="notes"
            label="Anything else? (optional)"
            hint="e.g. gated community, boys' quarters, near a school, power backup"
            error={e.notes}
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
          <ConsentField error={e.consent} />
          <Honeypot />
          <SubmitButton sending={form.sending}>Send my request</SubmitButton>
        </form>
      )}
    </FormPageShell>
  );
}
