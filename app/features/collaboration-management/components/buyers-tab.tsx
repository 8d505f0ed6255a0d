/**
 * The clients a partner registered (admins): first registration wins and is time-stamped; an admin
 * accepts one, or declines it with a reason the partner reads in the portal. The database stamps
 * who decided and when.
 */
import { CheckIcon, XIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  REGISTRATION_STATUS_LABELS,
  registrationDecisionSchema,
  type RegistrationRow,
} from "#core/collaboration-management/partner-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useDecideRegistration, useRegistrations } from "../hooks/partner-queries.ts";

const TONE = { registered: "info", accepted: "success", declined: "muted" } as const;

export function BuyersTab({ partnerId }: { partnerId: string }) {
  const rows = useRegistrations(partnerId);
  const fmt = useFormatters();
  if (rows.isPending) return <Skeleton className="h-24 w-full" />;
  if (rows.isError)
    return (
      <Alert variant="destructive">Could not load the buyers: {describeDbError(rows.error).message}</Alert>
    );
  if (rows.data.length === 0)
    return <p className="text-sm text-muted-foreground">No buyers registered yet.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Registered buyers">
      {rows.data.map((r) => (
        <li
          key={r.id}
          aria-label={r.buyer_name}
          className="flex flex-col gap-2 rounded-lg border p-3 text-sm"
        >
          <p className="font-medium">
            {r.buyer_name} <Badge tone={TONE[r.status]}>{REGISTRATION_STATUS_LABELS[r.status]}</Badge>
          </p>
          <p className="text-muted-foreground">
            {r.properties?.title} · registered {fmt.dateTime(r.created_at)} ·{" "}
            {[r.buyer_phone, r.buyer_email].filter(Boolean).join(" · ")}
          </p>
          {r.notes && <p className="text-muted-foreground">{r.notes}</p>}
          {r.decline_reason && <p>Declined: {r.decline_reason}</p>}
          {r.decided_at && (
            <p className="text-xs text-muted-foreground">Answered {fmt.dateTime(r.decided_at)}</p>
          )}
          <Decision row={r} partnerId={partnerId} />
        </li>
      ))}
    </ul>
  );
}

function Decision({ row, partnerId }: { row: RegistrationRow; partnerId: string }) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecideRegistration(row, partnerId, () => setDeclining(false));
  const decline = (e: FormEvent) => {
    e.preventDefault();
    const parsed = registrationDecisionSchema.safeParse({ status: "declined", decline_reason: reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Say why");
      return;
    }
    setProblem(null);
    decide.mutate(parsed.data);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {row.status !== "accepted" && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => decide.mutate({ status: "accepted" })}
            disabled={decide.isPending}
          >
            <CheckIcon aria-hidden="true" />
            Accept<span className="sr-only"> {row.buyer_name}</span>
          </Button>
        )}
        {row.status !== "declined" && !declining && (
          <Button size="sm" variant="outline" onClick={() => setDeclining(true)}>
            <XIcon aria-hidden="true" />
            Decline<span className="sr-only"> {row.buyer_name}</span>
          </Button>
        )}
      </div>
      {declining && (
        <form
          onSubmit={decline}
          aria-label={`Decline ${row.buyer_name}`}
          className="flex flex-wrap items-end gap-2"
          noValidate
        >
          <Field
            label="Reason (the partner reads it)"
            error={problem ?? undefined}
            className="min-w-64 flex-1"
          >
            <Input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              autoComplete="off"
            />
          </Field>
          <Button type="submit" size="sm" variant="destructive" disabled={decide.isPending}>
            Decline registration
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setDeclining(false)}>
            Cancel
          </Button>
        </form>
      )}
    </div>
  );
}
