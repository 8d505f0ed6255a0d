/**
 * The contacts list's bulk actions, on the selected contacts or on all matching the filter (one
 * server call each): assign an owner, add a tag, set the stage, export CSV, delete (the owner's
 * or an admin's; the others are refused by name) and apply an action plan to a selection.
 */
import { useQueryClient } from "@tanstack/react-query";
import {
  CONTACT_STAGE_LABELS,
  CONTACT_STAGES,
  type ContactRow,
} from "#core/business-contacts/contact-schema.ts";
import type { ContactListQuery } from "#core/business-contacts/contact-list.ts";
import { csvFileName, toCsv, type CsvColumn } from "#core/records/csv.ts";
import { displayName, type Profile } from "#core/schemas/profile.ts";
import { listSearchTerm } from "#core/search/search-term.ts";
import { ApplyPlanDialog } from "#app/components/action-plans/apply-plan-dialog.tsx";
import { listFilter, useBulkAction, type BulkChange } from "#app/components/records/hooks/use-bulk-action.ts";
import { downloadText } from "#app/components/records/csv-export-button.tsx";
import { BulkDelete, BulkMenu, BulkValueDialog } from "#app/components/records/bulk-controls.tsx";
import type { BulkScope } from "#app/components/records/data-table.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { contactKeys } from "../hooks/contact-queries.ts";

const NOUN = { one: "contact", many: "contacts" };

export function ContactBulkActions({
  rows,
  clear,
  scope,
  query,
  team,
  csvColumns,
}: {
  rows: ContactRow[];
  clear: () => void;
  scope: BulkScope;
  query: ContactListQuery;
  team: Profile[];
  csvColumns: CsvColumn<ContactRow>[];
}) {
  const qc = useQueryClient();
  const bulk = useBulkAction(
    "contacts",
    NOUN,
    () => void qc.invalidateQueries({ queryKey: contactKeys.all }),
  );
  // The search as the list sends it (too short a term not at all).
  const selection = scope.allMatching
    ? { filter: listFilter(query, listSearchTerm(query.search) ?? "") }
    : { ids: rows.map((r) => r.id) };
  const run = (change: BulkChange) => bulk.mutate({ change, selection, onDone: clear });
  const what = `${scope.count} ${scope.count === 1 ? NOUN.one : NOUN.many}`;

  return (
    <>
      <BulkMenu
        label="Assign"
        title={`Give ${what} to`}
        options={[
          ...team.map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
          { value: null, label: "No owner" },
        ]}
        onSelect={(owner_id) => run({ action: "assign", owner_id })}
        disabled={bulk.isPending}
      />
      <BulkMenu
        label="Set stage"
        title={`Move ${what} to`}
        options={CONTACT_STAGES.map((s) => ({ value: s, label: CONTACT_STAGE_LABELS[s] }))}
        onSelect={(stage) => run({ action: "stage", stage })}
        disabled={bulk.isPending}
      />
      <BulkValueDialog
        label="Add tag"
        title="Add a tag"
        description={`Adds the tag to ${what}.`}
        field="Tag"
        maxLength={60}
        required
        parse={(typed) => {
          const tag = typed.trim().toLowerCase();
          return tag && tag.length <= 40 ? { value: tag } : { error: "A tag has 1 to 40 characters" };
        }}
        onValue={(tag) => run({ action: "tag", tag })}
        disabled={bulk.isPending}
      />
      {!scope.allMatching && (
        <>
          <Button
            variant="outline"
            size="sm"
            onClick={() => downloadText(toCsv(csvColumns, rows), csvFileName("business-contacts-selected"))}
          >
            Export CSV
          </Button>
          <ApplyPlanDialog contactIds={rows.map((r) => r.id)} onApplied={clear} />
        </>
      )}
      <BulkDelete
        what={what}
        note="Contacts you do not own are left as they are (only their owner or an admin may delete them)."
        onConfirm={() => run({ action: "delete" })}
        disabled={bulk.isPending}
      />
    </>
  );
}
