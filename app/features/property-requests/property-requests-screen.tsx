/** Property requests as the shared inbox screen shows them: list line, fields, filter, matches. */
import { REQUEST_TIMELINE_LABELS, type REQUEST_TIMELINES } from "#core/form-fields.ts";
import type { InboxScreen } from "#app/domains/inbox/components/inbox-screen.ts";
import { FilterSelect } from "#app/components/records/list-filters.tsx";
import type { Formatters } from "#app/lib/format.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { MatchesPanel } from "./components/matches-panel.tsx";

function budget(r: InboxRow, fmt: Formatters): string {
  const cur = r.currency ?? "GHS";
  const max = r.budget_max !== null && r.budget_max !== undefined ? fmt.money(r.budget_max, cur) : "?";
  const range = r.budget_min ? `${fmt.money(r.budget_min, cur)} – ${max}` : `up to ${max}`;
  return r.listing_type === "rent" ? `${range} a month` : range;
}

const range = (min: number | null | undefined, max: number | null | undefined, unit: string) =>
  min == null && max == null
    ? "Any"
    : min != null && max != null
      ? `${min}–${max} ${unit}`
      : min != null
        ? `${min}+ ${unit}`
        : `up to ${max} ${unit}`;

export const PROPERTY_REQUESTS: InboxScreen = {
  inbox: "property_requests",
  summary: (r, fmt) =>
    `${r.listing_type === "rent" ? "Rent" : "Buy"} ${(r.property_types ?? [r.property_type]).join("/")} in ${(r.locations ?? []).join(", ")} · ${budget(r, fmt)}`,
  fields: (r, fmt) => [
    { label: "Wants to", value: r.listing_type === "rent" ? "Rent" : "Buy" },
    { label: "Types", value: (r.property_types ?? [r.property_type]).join(", ") },
    { label: "Places", value: (r.locations ?? []).join(", ") },
    { label: "Budget", value: budget(r, fmt) },
    { label: "Bedrooms", value: range(r.bedrooms_min, r.bedrooms_max, "") },
    { label: "Area", value: range(r.area_min_sqm, r.area_max_sqm, "m²") },
    { label: "Move in", value: r.move_in_date ? fmt.date(`${r.move_in_date}T12:00:00Z`) : "—" },
    {
      label: "Timeline",
      value:
        REQUEST_TIMELINE_LABELS[(r.timeline ?? "flexible") as (typeof REQUEST_TIMELINES)[number]] ??
        r.timeline,
    },
    { label: "Notes", value: r.notes ? <span className="whitespace-pre-wrap">{r.notes}</span> : "—" },
  ],
  facts: (r, fmt) => [
    { label: "Wants to", value: r.listing_type === "rent" ? "Rent" : "Buy" },
    { label: "Places", value: (r.locations ?? []).join(", ") || "Anywhere" },
    { label: "Budget", value: budget(r, fmt) },
  ],
  filters: (list) => (
    <FilterSelect
      label="Buy or rent"
      options={[
        { value: "buy", label: "Buy" },
        { value: "rent", label: "Rent" },
      ]}
      value={list.query.filters.deal}
      onChange={(v) => list.setFilter("deal", v)}
    />
  ),
  sections: (r) => <MatchesPanel row={r} />,
};
