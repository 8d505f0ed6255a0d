/**
 * The listing's details (create and edit): the record kit's form on core's listing schema — the
 * type-specific and Ghanaian fields (plots, tenure and lease years, title document, boys'
 * quarters, GhanaPost GPS, region), fields that do not apply to the kind of listing hidden (and
 * saved empty), a warning above the Rent Act's 6-month advance, messages at each field, the
 * stale-edit check and the leave-without-saving guard. Status and publication have their own
 * controls on the listing page; a new listing picks its first status here.
 */
import { Controller, type Path } from "react-hook-form";
import { CURRENCIES, LISTING_TYPES, PROPERTY_TYPES } from "#core/content-model.ts";
import {
  fieldApplies,
  FURNISHING_LABELS,
  FURNISHINGS,
  GHANA_REGIONS,
  LISTING_TYPE_LABELS,
  PROPERTY_FIELD_LABELS as L,
  PROPERTY_TYPE_LABELS,
  RENT_ADVANCE_LEGAL_MONTHS,
  RENT_PERIOD_LABELS,
  TENURE_LABELS,
  TENURES,
  TITLE_TYPES,
  type PropertyField,
} from "#core/properties/property-fields.ts";
import {
  PROPERTY_CONSTRAINTS,
  propertyFormSchema,
  propertyFormValues,
  slugify,
  type PropertyFormInput,
  type PropertyFormOutput,
  type PropertyRow,
} from "#core/properties/property-schema.ts";
import { PROPERTY_INITIAL_STATUSES, PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import {
  LoadedOptionsField,
  OptionsField,
  TextAreaField,
  TextField,
} from "#app/components/records/form-fields.tsx";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { displayName } from "#core/schemas/profile.ts";

export interface PropertyFormProps {
  /** The listing as loaded; null for a new one. */
  row: PropertyRow | null;
  save: (values: PropertyFormOutput, version: string | null) => Promise<PropertyRow>;
  onSaved: (row: PropertyRow) => void;
  reload?: () => Promise<unknown>;
  onCancel: () => void;
}

const SECTION = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function PropertyForm({ row, save, onSaved, reload, onCancel }: PropertyFormProps) {
  const rf = useRecordForm({
    schema: propertyFormSchema,
    values: propertyFormValues(row),
    version: row?.updated_at ?? null,
    save,
    onSaved,
    reload,
    constraints: PROPERTY_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, watch, formState } = rf.form;
  const team = useTeamMembers();
  const type = watch("property_type");
  const listing = watch("listing_type");
  const tenure = watch("tenure");
  const advance = Number(watch("rent_advance_months"));
  const applies = (f: PropertyField) => fieldApplies(f, type, listing);
  const err = (name: Path<PropertyFormInput>) => errorOf(formState.errors, name);

  const text = (
    name: Path<PropertyFormInput> & PropertyField,
    opts: {
      required?: boolean;
      description?: string;
      inputMode?: "numeric" | "decimal";
      placeholder?: string;
    } = {},
  ) => <TextField label={L[name]} error={err(name)} registration={register(name)} {...opts} />;
  const check = (
    name: "price_on_request" | "is_gated" | "is_serviced" | "has_boys_quarters" | "featured",
  ) => (
    <Field label={L[name]} orientation="horizontal">
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              {...controlProps}
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );

  return (
    <RecordForm
      state={rf}
      label={row ? "Listing details" : "New listing"}
      submitLabel={row ? "Save changes" : "Create listing"}
      onCancel={onCancel}
    >
      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">The listing</legend>
        <div className="sm:col-span-2">
          {text("title", { required: true, placeholder: "e.g. 4-bedroom house with pool, East Legon" })}
        </div>
        <Field
          label={L.slug}
          error={err("slug")}
          description={`The address on the public site: /property/${watch("slug") || slugify(watch("title")) || "…"}. Empty = made from the title.${row ? " Changing it keeps the old address working (it redirects)." : ""}`}
        >
          <Input {...register("slug")} autoComplete="off" />
        </Field>
        <OptionsField
          label={L.property_type}
          error={err("property_type")}
          required
          registration={register("property_type")}
          values={PROPERTY_TYPES}
          labels={PROPERTY_TYPE_LABELS}
        />
        <OptionsField
          label={L.listing_type}
          error={err("listing_type")}
          required
          registration={register("listing_type")}
          values={LISTING_TYPES}
          labels={LISTING_TYPE_LABELS}
        />
        {!row && (
          <OptionsField
            label={L.status}
            error={err("status")}
            required
            description="Publishing is a separate step, on the listing's page."
            registration={register("status")}
            values={PROPERTY_INITIAL_STATUSES}
            labels={PROPERTY_STATUS_LABELS}
          />
        )}
        <LoadedOptionsField
          label={L.agent_id}
          error={err("agent_id")}
          control={control}
          name="agent_id"
          empty="No agent (the sales team)"
          options={(team.data ?? []).map((m) => ({ value: m.user_id, label: displayName(m, m.email) }))}
        />
        <Field
          label={L.mandate_expires_on}
          error={err("mandate_expires_on")}
          description="The last day of the owner's authority to market it; the reports warn 30 days ahead."
        >
          <Input type="date" {...register("mandate_expires_on")} />
        </Field>
        <div className="sm:col-span-2 lg:col-span-3">
          <TextAreaField
            label={L.description}
            error={err("description")}
            registration={register("description")}
            rows={6}
          />
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Price</legend>
        {text("price", { inputMode: "decimal", placeholder: "e.g. 2,500,000" })}
        <OptionsField
          label={L.currency}
          error={err("currency")}
          required
          registration={register("currency")}
          values={CURRENCIES}
        />
        <div className="flex items-end pb-2">{check("price_on_request")}</div>
        {applies("rent_period") && (
          <Field label={L.rent_period} error={err("rent_period")} required>
            <NativeSelect {...register("rent_period")}>
              <option value="">Choose…</option>
              <option value="month">{RENT_PERIOD_LABELS.month}</option>
              <option value="year">{RENT_PERIOD_LABELS.year}</option>
            </NativeSelect>
          </Field>
        )}
        {applies("rent_advance_months") && (
          <div className="flex flex-col gap-2">
            {text("rent_advance_months", {
              inputMode: "numeric",
              description: "Months of rent asked in advance.",
            })}
            {advance > RENT_ADVANCE_LEGAL_MONTHS && (
              <Alert variant="warning" data-testid="rent-advance-warning">
                The Rent Act caps advance demands at {RENT_ADVANCE_LEGAL_MONTHS} months; {advance} months may
                be challenged.
              </Alert>
            )}
          </div>
        )}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Size and rooms</legend>
        {applies("bedrooms") && text("bedrooms", { inputMode: "numeric" })}
        {applies("bathrooms") && text("bathrooms", { inputMode: "numeric" })}
        {applies("floor_area_sqm") && text("floor_area_sqm", { inputMode: "decimal" })}
        {text("land_size_sqm", { inputMode: "decimal" })}
        {applies("plots") &&
          text("plots", { inputMode: "decimal", description: "A standard plot is about 70 × 100 ft." })}
        {applies("furnishing") && (
          <OptionsField
            label={L.furnishing}
            error={err("furnishing")}
            registration={register("furnishing")}
            values={FURNISHINGS}
            labels={FURNISHING_LABELS}
            empty="Not stated"
          />
        )}
        <div className="flex flex-col gap-3 sm:col-span-2 lg:col-span-3 sm:flex-row sm:gap-6">
          {applies("has_boys_quarters") && check("has_boys_quarters")}
          {check("is_gated")}
          {check("is_serviced")}
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Land and title</legend>
        <OptionsField
          label={L.tenure}
          error={err("tenure")}
          registration={register("tenure")}
          values={TENURES}
          labels={TENURE_LABELS}
          empty="Not stated"
        />
        {tenure === "leasehold" && text("lease_years_remaining", { inputMode: "numeric" })}
        <OptionsField
          label={L.title_type}
          error={err("title_type")}
          registration={register("title_type")}
          values={TITLE_TYPES}
          empty="Not stated"
        />
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Location</legend>
        {text("address")}
        {text("ghana_post_gps", {
          placeholder: "e.g. GA-183-8164",
          description: "The GhanaPost GPS digital address.",
        })}
        {text("neighbourhood", { placeholder: "e.g. East Legon" })}
        {text("city", { required: true, placeholder: "e.g. Accra" })}
        <OptionsField
          label={L.region}
          error={err("region")}
          registration={register("region")}
          values={GHANA_REGIONS}
          empty="Not stated"
        />
        <div className="grid grid-cols-2 gap-4">
          {text("latitude", { inputMode: "decimal", placeholder: "e.g. 5.6360" })}
          {text("longitude", { inputMode: "decimal", placeholder: "e.g. -0.1660" })}
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Features and search</legend>
        <div className="sm:col-span-2 lg:col-span-1">
          <TextAreaField
            label={L.features}
            error={err("features")}
            description="One per line, e.g. borehole, standby generator."
            registration={register("features")}
            rows={4}
          />
        </div>
        {text("seo_title", {
          description: "Shown by search engines and share cards; 70 characters at most. Empty = the title.",
        })}
        <TextAreaField
          label={L.seo_description}
          error={err("seo_description")}
          description="200 characters at most. Empty = written from the price, place and description."
          registration={register("seo_description")}
        />
        <div className="sm:col-span-2 lg:col-span-3">{check("featured")}</div>
      </fieldset>
    </RecordForm>
  );
}
