/**
 * "Linked to this contact": the records of every module that point at the contact (deals,
 * tasks, invoices, events… — public.contact_linked_records, as the user's RLS lets them see),
 * each opening its own screen where one exists.
 */
import { Link } from "react-router";
import { recordPath } from "#core/business-contacts/activity-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useLinkedRecords } from "../hooks/contact-queries.ts";

const TABLE_LABELS: Record<string, string> = {
  deals: "Deals",
  deal_commission_splits: "Commission shares",
  tasks: "Tasks",
  events: "Events",
  invoices: "Invoices",
  payments: "Payments",
  property_hunts: "Property hunts",
};
const tableLabel = (t: string) =>
  TABLE_LABELS[t] ?? t.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

export function LinkedRecords({ contactId }: { contactId: string }) {
  const linked = useLinkedRecords(contactId);
  if (linked.isPending) return <Skeleton className="h-24 w-full" />;
  if (linked.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load the linked records: {describeDbError(linked.error).message}
      </p>
    );
  const groups = new Map<string, typeof linked.data>();
  for (const r of linked.data) {
    const seen = groups.get(r.table_name) ?? [];
    if (!seen.some((s) => s.record_id === r.record_id)) seen.push(r);
    groups.set(r.table_name, seen);
  }
  return (
    <section aria-labelledby="linked-heading" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="linked-heading" className="font-semibold">
        Linked records
      </h2>
      {groups.size === 0 && (
        <p className="text-sm text-muted-foreground">No deals or other records link this contact yet.</p>
      )}
      {[...groups].map(([table, rows]) => (
        <div key={table} className="flex flex-col gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">
            {tableLabel(table)} ({rows.length})
          </h3>
          <ul className="flex flex-col gap-1 text-sm">
            {rows.map((r) => {
              const path = recordPath(r.table_name, r.record_id);
              return (
                <li key={r.record_id} className="flex items-center justify-between gap-2">
                  {path ? (
                    <Link to={path} className="truncate hover:underline">
                      {r.label}
                    </Link>
                  ) : (
                    <span className="truncate">{r.label}</span>
                  )}
                  {r.status && <span className="text-xs text-muted-foreground">{r.status}</span>}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
