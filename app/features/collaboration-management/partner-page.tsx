/**
 * /collaboration-management/:id (admins): one partner, on the record kit's engine — its summary
 * (status, kind, REAC licence, usual split, people, shared listings, contact, owner), then tabs:
 * its people (invited to the portal), the listings shared with it and on what split, the buyers
 * it registered (first registration wins; accepted or declined with a reason), its co-broke
 * deals, its agreements, the message thread and its details.
 */
import { useParams } from "react-router";
import type { PartnerRow } from "#core/collaboration-management/partner-schema.ts";
import { defineRecordPage, RecordPage, type RecordTabProps } from "#app/components/records/record-page.tsx";
import { toast } from "#app/lib/toast.ts";
import { updatePartner } from "./api/partners-api.ts";
import { AgreementsTab } from "./components/agreements-tab.tsx";
import { BuyersTab } from "./components/buyers-tab.tsx";
import { DealsTab } from "./components/deals-tab.tsx";
import { MessagesTab } from "./components/messages-tab.tsx";
import { PartnerForm } from "./components/partner-form.tsx";
import { People, Shares } from "./components/partner-people-shares.tsx";
import { PartnerSummary } from "./components/partner-summary.tsx";
import { usePartner, useRefreshPartners } from "./hooks/partner-queries.ts";

const PARTNER_PAGE = defineRecordPage<PartnerRow>({
  noun: "partner",
  back: { to: "/collaboration-management", label: "All partners" },
  useRecord: usePartner,
  title: (row) => row.name,
  Summary: PartnerSummary,
  tabs: [
    { id: "people", label: "People", content: ({ row }) => <People partner={row} /> },
    { id: "listings", label: "Shared listings", content: ({ row }) => <Shares partner={row} /> },
    { id: "buyers", label: "Buyers", content: ({ row }) => <BuyersTab partnerId={row.id} /> },
    { id: "deals", label: "Co-broke deals", content: ({ row }) => <DealsTab partner={row} /> },
    { id: "agreements", label: "Agreements", content: ({ row }) => <AgreementsTab partner={row} /> },
    {
      id: "messages",
      label: "Messages",
      content: ({ row }) => <MessagesTab partnerId={row.id} partnerName={row.name} />,
    },
    { id: "details", label: "Details", content: DetailsTab },
  ],
});

export default function PartnerPage() {
  const { id = "" } = useParams();
  return <RecordPage definition={PARTNER_PAGE} id={id} />;
}

function DetailsTab({ row, reload }: RecordTabProps<PartnerRow>) {
  const refresh = useRefreshPartners();
  return (
    <PartnerForm
      row={row}
      save={(values, version) => updatePartner(row.id, version ?? row.updated_at, values)}
      onSaved={() => {
        void refresh();
        toast.success("Partner saved");
      }}
      reload={reload}
    />
  );
}
