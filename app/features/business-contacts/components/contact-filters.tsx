/**
 * The contacts list's filters (kind, type, stage, source, tag, owner, consent, city), each bound
 * to the URL through the list state; typed values are checked with the zod schemas that parse
 * the URL (core/business-contacts/contact-list.ts), with the reason beside the box.
 */
import {
  CONSENT_STATUSES,
  CONSENT_STATUS_LABELS,
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  CONTACT_STAGE_LABELS,
  CONTACT_STAGES,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
} from "#core/business-contacts/contact-schema.ts";
import { contactListQuery, MINE, NO_OWNER } from "#core/business-contacts/contact-list.ts";
import { displayName, type Profile } from "#core/schemas/profile.ts";
import { FilterMultiSelect, FilterSelect, FilterText } from "#app/components/records/list-filters.tsx";
import type { ListState } from "#app/components/records/use-list-query.ts";

type ContactList = ListState<(typeof contactListQuery.sortable)[number], typeof contactListQuery.filters>;

const F = contactListQuery.filters;
const check =
  (schema: { safeParse: (v: string) => { success: boolean; error?: { issues: { message: string }[] } } }) =>
  (v: string) => {
    const r = schema.safeParse(v);
    return r.success ? null : (r.error?.issues[0]?.message ?? "Not valid");
  };
const checkCity = check(F.city.schema);
const checkTag = check(F.tag.schema);

export function ContactFilters({ list, team }: { list: ContactList; team: readonly Profile[] }) {
  const f = list.query.filters;
  return (
    <>
      <FilterMultiSelect
        label="Stage"
        options={CONTACT_STAGES.map((s) => ({ value: s, label: CONTACT_STAGE_LABELS[s] }))}
        value={f.stage}
        onChange={(v) => list.setFilter("stage", v)}
      />
      <FilterMultiSelect
        label="Type"
        options={CONTACT_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] }))}
        value={f.type}
        onChange={(v) => list.setFilter("type", v)}
      />
      <FilterMultiSelect
        label="Source"
        options={CONTACT_SOURCES.map((s) => ({ value: s, label: CONTACT_SOURCE_LABELS[s] }))}
        value={f.source}
        onChange={(v) => list.setFilter("source", v)}
      />
      <FilterSelect
        label="Kind"
        options={CONTACT_KINDS.map((k) => ({ value: k, label: CONTACT_KIND_LABELS[k] }))}
        value={f.kind}
        onChange={(v) => list.setFilter("kind", v)}
      />
      <FilterSelect
        label="Owner"
        options={[
          { value: MINE, label: "Mine (owned or assigned)" },
          { value: NO_OWNER, label: "No owner" },
          ...team.map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
        ]}
        value={f.owner}
        onChange={(v) => list.setFilter("owner", v)}
      />
      <FilterSelect
        label="Consent"
        options={CONSENT_STATUSES.map((c) => ({ value: c, label: CONSENT_STATUS_LABELS[c] }))}
        value={f.consent}
        onChange={(v) => list.setFilter("consent", v)}
      />
      <FilterText
        label="Tag"
        value={f.tag ?? ""}
        validate={checkTag}
        onChange={(v) => list.setFilter("tag", v)}
        placeholder="e.g. investor"
      />
      <FilterText
        label="City"
        value={f.city ?? ""}
        validate={checkCity}
        onChange={(v) => list.setFilter("city", v)}
        placeholder="e.g. Tema"
      />
    </>
  );
}
