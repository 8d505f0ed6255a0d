/**
 * The suppression list: addresses that get no marketing mail again (unsubscribed, bounced,
 * complained, or added here by hand). Anyone on the team adds; only admins lift one (the
 * database decides: a staff member's attempt is refused with the reason).
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { z } from "zod";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { liftSuppression, suppress } from "../api/email-marketing-api.ts";
import { useRefreshMarketing, useSuppressions } from "../hooks/marketing-queries.ts";

const REASONS = {
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
  manual: "Added by hand",
} as const;
const emailSchema = z.string().trim().email("Enter an e-mail address").max(254);

export function SuppressionsTab() {
  const refresh = useRefreshMarketing();
  const fmt = useFormatters();
  const { role } = useSession();
  const rows = useSuppressions();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await suppress(parsed.data);
      toast.success(`${parsed.data} gets no more marketing mail`);
      setEmail("");
      setError(null);
    } catch (err) {
      setError(
        describeDbError(err, {
          constraints: { email_suppressions_pkey: { message: "That address is already on the list." } },
        }).message,
      );
    }
    await refresh();
  };
  return (
    <section aria-label="Suppression list" className="flex flex-col gap-3 pt-3">
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="suppress-email">Suppress an address</Label>
          <Input
            id="suppress-email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="w-72"
            aria-invalid={!!error}
          />
        </div>
        <Button type="submit">Suppress</Button>
        {error && (
          <p role="alert" className="w-full text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      <Table stacked aria-label="Suppressed addresses">
        <TableHeader>
          <TableRow>
            <TableHead>Address</TableHead>
            <TableHead>Why</TableHead>
            <TableHead>Since</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(rows.data ?? []).map((s) => (
            <TableRow key={s.email}>
              <TableCell data-label="">{s.email}</TableCell>
              <TableCell data-label="Why">{REASONS[s.reason]}</TableCell>
              <TableCell data-label="Since">{fmt.dateTime(s.created_at)}</TableCell>
              <TableCell data-label="" className="text-right">
                {role === "admin" && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      void liftSuppression(s.email).then(
                        () => refresh(),
                        (err: unknown) =>
                          toast.error("Not lifted", { description: describeDbError(err).message }),
                      )
                    }
                  >
                    Lift<span className="sr-only"> the suppression of {s.email}</span>
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {rows.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="text-muted-foreground">
                Nobody is suppressed.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </section>
  );
}
