/**
 * The listings list's filters (status, type, sale/rent, city, agent, price band, published),
 * each bound to the URL through the list state; typed values are checked with the same zod
 * schemas that parse the URL (core/properties/property-list.ts), with the reason beside the box.
 */
import { CURRENCIES, LISTING_TYPES, PROPERTY_STATUSES, PROPERTY_TYPES } from "#core/content-model.ts";
import { LISTING_TYPE_LABELS, PROPERTY_TYPE_LABELS } from "#core/properties/property-fields.ts";
import {
  NO_AGENT,
  PUBLICATION_LABELS,
  PUBLICATION_STATES,
  propertyListQuery,
} from "#core/properties/property-list.ts";
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import { displayName, type Profile } from "#core/schemas/profile.ts";
import { FilterMultiSelect, FilterSelect, FilterText } from "#app/components/records/list-filters.tsx";
import type { ListState } from "#app/components/records/use-list-query.ts";

type PropertyList = ListState<(typeof propertyListQuery.sortable)[number], typeof propertyListQuery.filters>;

const F = propertyListQuery.filters;
/** The first message of a filter's schema for a typed value, or null. */
const check =
  (schema: { safeParse: (v: string) => { success: boolean; error?: { issues: { message: string }[] } } }) =>
  (v: string) => {
    const r = schema.safeParse(v);
    return r.success ? null : (r.error?.issues[0]?.message ?? "Not valid");
  };

const checkCity = check(F.city.schema);
const checkPriceMin = check(F.price_min.schema);
const checkPriceMax = check(F.price_max.schema);

export function PropertyFilters({ list, agents }: { list: PropertyList; agents: readonly Profile[] }) {
  const f = list.query.filters;
  return (
    <>
      <FilterMultiSelect
        label="Status"
        options={PROPERTY_STATUSES.map((s) => ({ value: s, label: PROPERTY_STATUS_LABELS[s] }))}
        value={f.status}
        onChange={(v) => list.setFilter("status", v)}
      />
      <FilterMultiSelect
        label="Type"
        options={PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }))}
        value={f.type}
        onChange={(v) => list.setFilter("type", v)}
      />
      <FilterSelect
        label="Sale or rent"
        options={LISTING_TYPES.map((t) => ({ value: t, label: LISTING_TYPE_LABELS[t] }))}
        value={f.listing}
        onChange={(v) => list.setFilter("listing", v)}
      />
      <FilterSelect
        label="Published"
        options={PUBLICATION_STATES.map((p) => ({ value: p, label: PUBLICATION_LABELS[p] }))}
        value={f.published}
        onChange={(v) => list.setFilter("published", v)}
      />
      <FilterSelect
        label="Agent"
        options={[
          { value: NO_AGENT, label: "No agent" },
          ...agents.map((a) => ({ value: a.user_id, label: displayName(a, a.email) })),
        ]}
        value={f.agent}
        onChange={(v) => list.setFilter("agent", v)}
      />
      <FilterText
        label="City"
        value={f.city ?? ""}
        validate={checkCity}
        onChange={(v) => list.setFilter("city", v)}
        placeholder="e.g. Tema"
      />
      <FilterSelect
        label="Currency"
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        value={f.currency}
        onChange={(v) => list.setFilter("currency", v)}
      />
      <FilterText
        label="Price from"
        inputMode="numeric"
        value={f.price_min === undefined ? "" : String(f.price_min)}
        validate={checkPriceMin}
        onChange={(v) => list.setFilter("price_min", v === undefined ? undefined : Number(v))}
      />
      <FilterText
        label="to"
        inputMode="numeric"
        value={f.price_max === undefined ? "" : String(f.price_max)}
        validate={checkPriceMax}
        onChange={(v) => list.setFilter("price_max", v === undefined ? undefined : Number(v))}
      />
    </>
  );
}
