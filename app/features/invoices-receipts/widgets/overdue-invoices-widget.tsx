/** Dashboard slot "overdue-invoices": how many invoices are overdue, what they owe per currency, the oldest five. */
import { Link } from "react-router";
import { formatMinor } from "#core/money/minor-units.ts";
import { outstandingMinor } from "#core/invoices-receipts/documents.ts";
import { MoneyPerCurrency } from "#app/components/money/money-text.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { documentPath } from "../components/document-actions.tsx";
import { useOverdue } from "../hooks/document-queries.ts";

export default function OverdueInvoicesWidget() {
  const overdue = useOverdue(5);
  const fmt = useFormatters();
  if (!overdue.data) return <Skeleton className="h-28 w-full" />;
  const { summary, rows } = overdue.data;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="overdue-invoices">
      <p>
        <span className="text-2xl font-semibold tabular-nums">{summary.overdueInvoices}</span> overdue ·{" "}
        <span data-testid="overdue-amount" className="whitespace-nowrap tabular-nums">
          <MoneyPerCurrency sums={summary.overdue} />
        </span>{" "}
        owed
      </p>
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          // Two lines: a third-width card cannot hold number, client, date and amount on one.
          <li key={r.id} className="flex min-w-0 flex-col">
            <Link to={documentPath(r.id)} className="truncate underline">
              <span className="whitespace-nowrap">{r.number}</span> · {r.bill_to_name}
            </Link>
            <span className="whitespace-nowrap text-xs text-muted-foreground">
              due {fmt.date(r.due_date!)} · {formatMinor(outstandingMinor(r), r.currency)}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/invoices-receipts?status=overdue" className="text-sm font-medium underline">
        All overdue invoices
      </Link>
    </div>
  );
}
