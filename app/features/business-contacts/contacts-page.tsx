/**
 * /business-contacts: people and companies in a table — one list state in the URL (page, sort,
 * search by name, phone or e-mail, filters), filtered and paged by the server under the user's
 * record-level access; saved views; CSV export of every contact matching the current filter;
 * bulk actions on the selected contacts; the ways to a new contact and to a CSV import.
 */
import { UploadIcon } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { contactListQuery } from "#core/business-contacts/contact-list.ts";
import type { ContactRow } from "#core/business-contacts/contact-schema.ts";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import {
  defineListScreen,
  EmptyAction,
  ListScreen,
  useListScreen,
} from "#app/components/records/list-screen.tsx";
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

const CONTACTS = defineListScreen({
  title: "Business contacts",
  query: contactListQuery,
  noun: "contacts",
  filterLabels: {
    kind: "Kind",
    type: "Type",
    stage: "Stage",
    source: "Source",
    tag: "Tag",
    owner: "Owner",
    consent: "Consent",
    city: "City",
  },
  table: {
    id: "business-contacts",
    label: "Contacts",
    defaultHidden: DEFAULT_HIDDEN_COLUMNS,
    searchLabel: "Search by name, phone or e-mail",
    rowId: (r: ContactRow) => r.id,
    rowLabel: (r) => r.display_name,
  },
  savedViews: { listKey: "contacts" },
});

export default function ContactsPage() {
  const screen = useListScreen(CONTACTS);
  const { list } = screen;
  const result = useContacts(list.query);
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const { user } = useSession();
  const own = useOwnScope("contacts");

  const name = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => contactColumns(name, fmt), [name, fmt]);
  const views = useListSavedViews(CONTACTS, columns);
  const csvColumns = contactCsvColumns(name);

  return (
    <ListScreen
      definition={CONTACTS}
      screen={screen}
      columns={columns}
      result={result}
      savedViews={views}
      onOpenRow={(r) => navigate(contactPath(r.id))}
      exportCsv={{
        fileName: "business-contacts",
        columns: csvColumns,
        fetchPage: (range) => listContacts(list.query, user?.id ?? null, own ?? null, range),
      }}
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
      filters={<ContactFilters list={list} team={team.data ?? []} />}
      headerActions={
        <Button asChild variant="outline">
          <Link to="/business-contacts/import">
            <UploadIcon aria-hidden="true" />
            Import CSV
          </Link>
        </Button>
      }
      primary={{ label: "New contact", to: "/business-contacts/new" }}
      empty={{
        title: "No contacts yet",
        description: "Add a contact or import a CSV file to see them here.",
        action: <EmptyAction to="/business-contacts/new">New contact</EmptyAction>,
      }}
    />
  );
}
