/**
 * Money that is not the agency's income: the client trust account per client (money in and out
 * in the period, the balance held at its end) and the commission owed to partners (co-broker
 * shares of won deals, completed co-broke deals). Per currency, never added across currencies:
 * no conversion is shown, so no rate is either.
 */
import type { PartnerCommissionRow, TrustLedgerRow } from "#core/reports/ledger.ts";
import { Money } from "#app/components/money/money-text.tsx";
import { minorToDecimal } from "#core/money/minor-units.ts";
import type { Period } from "../api/reports-api.ts";
import { usePartnerCommission, useTrustLedger } from "../hooks/report-queries.ts";
import { moneyColumn, ReportSection, type ReportColumn } from "./report-section.tsx";

const TRUST_COLUMNS: ReportColumn<TrustLedgerRow>[] = [
  { header: "Client", cell: (r) => r.client, csv: (r) => r.client },
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  moneyColumn("Money in", (r) => r.money_in),
  moneyColumn("Money out", (r) => r.money_out),
  moneyColumn("Balance held", (r) => r.balance),
  { header: "Entries", numeric: true, cell: (r) => r.entries, csv: (r) => r.entries },
];

const PARTNER_COLUMNS: ReportColumn<PartnerCommissionRow>[] = [
  { header: "Partner", cell: (r) => r.partner, csv: (r) => r.partner },
  { header: "From", cell: (r) => r.source, csv: (r) => r.source },
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  { header: "Deals", numeric: true, cell: (r) => r.deals, csv: (r) => r.deals },
  moneyColumn("Partner's commission", (r) => r.commission),
  {
    header: "Paid",
    numeric: true,
    cell: (r) => (r.paid === null ? "—" : <Money minor={r.paid} currency={r.currency} />),
    csv: (r) => (r.paid === null ? null : minorToDecimal(r.paid)),
  },
];

export function ClientMoneyReport({ period }: { period: Period }) {
  const trust = useTrustLedger(period);
  const partners = usePartnerCommission(period);
  return (
    <div className="mt-4 flex flex-col gap-4">
      <ReportSection
        id="trust-ledger"
        title="Client trust account, per client"
        description="Client money held in trust, apart from the agency's income: approved entries on client trust accounts, by the client named on each entry. Money in and out in the period; the balance held at its end. Amounts stay in their currency (no conversion)."
        rows={trust.data}
        loading={trust.isPending}
        error={trust.error}
        columns={TRUST_COLUMNS}
        empty="No client money was held up to the end of this period."
      />
      <ReportSection
        id="partner-commission"
        title="Commission per partner"
        description="Co-broker shares of the commission of deals won in the period (by close date), and the partner's part of completed co-broke deals registered in the period with what of it is paid."
        rows={partners.data}
        loading={partners.isPending}
        error={partners.error}
        columns={PARTNER_COLUMNS}
        empty="No commission is owed to a partner for this period."
      />
    </div>
  );
}
