/**
 * A hunt's details (create and edit): the record kit's form on core's hunt schema — what it is,
 * where (GhanaPost GPS, coordinates for the map), the asking price, the owner, the client request
 * it serves and who works it. Fields that do not apply (rent period for a sale, lease years for
 * freehold) hide and save empty; messages at each field, the stale-edit check and the leave guard.
 */
import type { Path } from "react-hook-form";
import { CURRENCIES, LISTING_TYPES, PROPERTY_TYPES, RENT_PERIODS } from "#core/content-model.ts";
import {
  GHANA_REGIONS,
  LISTING_TYPE_LABELS,
  PROPERTY_TYPE_LABELS,
  RENT_PERIOD_LABELS,
  TENURE_LABELS,
  TENURES,
} from "#core/properties/property-fields.ts";
import {
  HUNT_CONSTRAINTS,
  HUNT_FIELD_LABELS as L,
  HUNT_SOURCE_LABELS,
  HUNT_SOURCES,
  huntFormSchema,
  huntFormValues,
  type HuntFormInput,
  type HuntFormOutput,
  type HuntRow,
} from "#core/property-hunt/hunt-schema.ts";
import { displayName } from "#core/schemas/profile.ts";
import {
  LoadedOptionsField,
  OptionsField,
  TextAreaField,
  TextField,
} from "#app/components/records/form-fields.tsx";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { useOpenRequests } from "../hooks/hunt-queries.ts";

export interface HuntFormProps {
  row: HuntRow | null;
  save: (values: HuntFormOutput, version: string | null) => Promise<HuntRow>;
  onSaved: (row: HuntRow) => void;
  reload?: () => Promise<unknown>;
  onCancel: () => void;
}

const SECTION = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function HuntForm({ row, save, onSaved, reload, onCancel }: HuntFormProps) {
  const rf = useRecordForm({
    schema: huntFormSchema,
    values: huntFormValues(row),
    version: row?.updated_at ?? null,
    save,
    onSaved,
    reload,
    constraints: HUNT_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, watch, formState } = rf.form;
  const team = useTeamMembers();
  const requests = useOpenRequests(row?.request_id ?? null);
  const err = (name: Path<HuntFormInput>) => errorOf(formState.errors, name);
  const text = (
    name: Path<HuntFormInput> & keyof typeof L,
    opts: {
      required?: boolean;
      inputMode?: "numeric" | "decimal";
      placeholder?: string;
      description?: string;
    } = {},
  ) => <TextField label={L[name]} error={err(name)} registration={register(name)} {...opts} />;
  const picker = (
    name: "request_id" | "assignee_id",
    empty: string,
    options: { value: string; label: string }[],
  ) => (
    <LoadedOptionsField
      label={L[name]}
      error={err(name)}
      control={control}
      name={name}
      empty={empty}
      options={options}
    />
  );
  const listing = watch("listing_type");
  const tenure = watch("tenure");

  return (
    <RecordForm
      state={rf}
      label={row ? "Hunt details" : "New hunt"}
      submitLabel={row ? "Save changes" : "Create hunt"}
      onCancel={onCancel}
    >
      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">The property</legend>
        <div className="sm:col-span-2">
          {text("title", { required: true, placeholder: "e.g. 3-bedroom house near the Trasacco gate" })}
        </div>
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
        <OptionsField
          label={L.source}
          error={err("source")}
          registration={register("source")}
          values={HUNT_SOURCES}
          labels={HUNT_SOURCE_LABELS}
          empty="Not recorded"
        />
        {picker(
          "request_id",
          "None — for our stock",
          (requests.data ?? []).map((r) => ({
            value: r.id,
            label: `${r.full_name} · ${r.property_type} to ${r.listing_type}${r.locations.length ? ` · ${r.locations.slice(0, 2).join(", ")}` : ""}`,
          })),
        )}
        {picker(
          "assignee_id",
          "Nobody yet",
          (team.data ?? []).map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
        )}
        {text("bedrooms", { inputMode: "numeric" })}
        {text("bathrooms", { inputMode: "numeric" })}
        {text("land_size_sqm", { inputMode: "decimal" })}
        {text("plots", { inputMode: "decimal" })}
        <OptionsField
          label={L.tenure}
          error={err("tenure")}
          registration={register("tenure")}
          values={TENURES}
          labels={TENURE_LABELS}
          empty="Not known yet"
        />
        {tenure === "leasehold" && text("lease_years_remaining", { inputMode: "numeric" })}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Price</legend>
        {text("asking_price", { inputMode: "decimal" })}
        <OptionsField
          label={L.currency}
          error={err("currency")}
          required
          registration={register("currency")}
          values={CURRENCIES}
        />
        {listing === "rent" && (
          <OptionsField
            label={L.rent_period}
            error={err("rent_period")}
            required
            registration={register("rent_period")}
            values={RENT_PERIODS}
            labels={RENT_PERIOD_LABELS}
            empty="Choose…"
          />
        )}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Where</legend>
        {text("city", { required: true, placeholder: "Accra" })}
        {text("neighbourhood", { placeholder: "East Legon" })}
        <OptionsField
          label={L.region}
          error={err("region")}
          registration={register("region")}
          values={GHANA_REGIONS}
          empty="Not recorded"
        />
        <div className="sm:col-span-2">{text("address")}</div>
        {text("ghana_post_gps", { placeholder: "GA-123-4567" })}
        {text("latitude", { inputMode: "decimal", description: "For the map (both or neither)" })}
        {text("longitude", { inputMode: "decimal" })}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Owner</legend>
        {text("owner_name")}
        {text("owner_phone", { placeholder: "+233 24 123 4567" })}
      </fieldset>

      <TextAreaField label={L.notes} error={err("notes")} registration={register("notes")} rows={4} />
    </RecordForm>
  );
}
