/**
 * /business-contacts: people and companies in a table — one list state in the URL (page, sort,
 * search by name, phone or e-mail, filters), filtered and paged by the server under the user's
 * record-level access; CSV export of every contact matching the current filter; an action plan
 * applied to the selected contacts; the ways to a new contact and to a CSV import.
 */
import { PlusIcon, UploadIcon } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { contactListQuery } from "#core/business-contacts/contact-list.ts";
import type { ContactRow } from "#core/business-contacts/contact-schema.ts";
import { DataTable } from "#app/components/records/data-table.tsx";
import { ListIssues } from "#app/components/records/list-filters.tsx";
import { SavedViewsMenu } from "#app/components/records/saved-views-menu.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { columnIdsOf, useSavedViews } from "#app/components/records/hooks/use-saved-views.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { listContacts } from "./api/contacts-api.ts";
import {
  contactColumns,
  contactCsvColumns,
  contactPath,
  DEFAULT_HIDDEN_COLUMNS,
} from "./components/contact-columns.tsx";
import { ContactBulkActions } from "./components/contact-bulk-actions.tsx";
import { ContactFilters } from "./components/contact-filters.tsx";
import { useContacts } from "./hooks/contact-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

const FILTER_LABELS = {
  kind: "Kind",
  type: "Type",
  stage: "Stage",
  source: "Source",
  tag: "Tag",
  owner: "Owner",
  consent: "Consent",
  city: "City",
  q: "Search",
  page: "Page",
  size: "Rows per page",
  sort: "Sort",
};

const TABLE_ID = "business-contacts";

export default function ContactsPage() {
  const list = useListQuery(contactListQuery);
  const result = useContacts(list.query);
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const { user } = useSession();
  const own = useOwnScope("contacts");

  const name = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => contactColumns(name, fmt), [name, fmt]);
  const views = useSavedViews({
    listKey: "contacts",
    def: contactListQuery,
    tableId: TABLE_ID,
    columns: columnIdsOf(columns),
    labels: FILTER_LABELS,
  });
  const csvColumns = contactCsvColumns(name);
  const exportCsv = {
    fileName: "business-contacts",
    columns: csvColumns,
    fetchPage: (range: { from: number; to: number }) =>
      listContacts(list.query, user?.id ?? null, own ?? null, range),
  };

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Business contacts</h1>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/business-contacts/import">
              <UploadIcon aria-hidden="true" />
              Import CSV
            </Link>
          </Button>
          <PrimaryAction to="/business-contacts/new" icon={<PlusIcon aria-hidden="true" />}>
            New contact
          </PrimaryAction>
        </div>
      </header>

      <ListIssues issues={list.issues} labels={FILTER_LABELS} />

      <DataTable<ContactRow, (typeof contactListQuery.sortable)[number], typeof contactListQuery.filters>
        label="Contacts"
        tableId={TABLE_ID}
        columns={columns}
        defaultHidden={DEFAULT_HIDDEN_COLUMNS}
        list={list}
        result={result}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.display_name}
        onOpenRow={(r) => navigate(contactPath(r.id))}
        exportCsv={exportCsv}
        bulkActions={(rows, clear, scope) => (
          <ContactBulkActions
            rows={rows}
            clear={clear}
            scope={scope}
            query={list.query}
            team={team.data ?? []}
            csvColumns={csvColumns}
          />
        )}
        actions={<SavedViewsMenu views={views} />}
        searchLabel="Search by name, phone or e-mail"
        filters={<ContactFilters list={list} team={team.data ?? []} />}
        empty={{
          title: "No contacts yet",
          description: "Add a contact or import a CSV file to see them here.",
          action: (
            <Link to="/business-contacts/new" className="text-sm font-medium underline">
              New contact
            </Link>
          ),
        }}
      />
    </div>
  );
}
