/** A headline figure of a report, and the note a staff member's figures carry. */
import type { ReactNode } from "react";

export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border p-3" data-testid={testId}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-xl font-semibold tabular-nums whitespace-nowrap">{children}</p>
    </div>
  );
}

/** Staff under record-level access see their own records' figures: said next to them. */
export function YourRecords({ own }: { own: boolean }) {
  if (!own) return null;
  return (
    <p className="text-sm font-medium" data-testid="your-records">
      Figures from your records: the deals, invoices and contacts you own or are assigned.
    </p>
  );
}
