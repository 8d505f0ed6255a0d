/** The hunts list's filters (stage, type, purpose, city), bound to the URL; a typed city is checked with the URL's own schema. */
import { PROPERTY_TYPES } from "#core/content-model.ts";
import { HUNT_PURPOSE_LABELS, HUNT_PURPOSES, huntListQuery } from "#core/property-hunt/hunt-schema.ts";
import { HUNT_STAGE_LABELS, HUNT_STAGES } from "#core/property-hunt/hunt-workflow.ts";
import { PROPERTY_TYPE_LABELS } from "#core/properties/property-fields.ts";
import { FilterMultiSelect, FilterSelect, FilterText } from "#app/components/records/list-filters.tsx";
import type { ListState } from "#app/components/records/use-list-query.ts";

type HuntList = ListState<(typeof huntListQuery.sortable)[number], typeof huntListQuery.filters>;

const checkCity = (v: string) =>
  huntListQuery.filters.city.schema.safeParse(v).error?.issues[0]?.message ?? null;

export function HuntFilters({ list }: { list: HuntList }) {
  const f = list.query.filters;
  return (
    <>
      <FilterMultiSelect
        label="Stage"
        options={HUNT_STAGES.map((s) => ({ value: s, label: HUNT_STAGE_LABELS[s] }))}
        value={f.stage}
        onChange={(v) => list.setFilter("stage", v)}
      />
      <FilterMultiSelect
        label="Type"
        options={PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }))}
        value={f.type}
        onChange={(v) => list.setFilter("type", v)}
      />
      <FilterSelect
        label="For"
        options={HUNT_PURPOSES.map((p) => ({ value: p, label: HUNT_PURPOSE_LABELS[p] }))}
        value={f.purpose}
        onChange={(v) => list.setFilter("purpose", v)}
      />
      <FilterText
        label="City"
        value={f.city ?? ""}
        validate={checkCity}
        onChange={(v) => list.setFilter("city", v)}
        placeholder="e.g. Kumasi"
      />
    </>
  );
}
