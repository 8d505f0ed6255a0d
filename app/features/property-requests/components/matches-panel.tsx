/**
 * A request's best matching listings: published listings on the market ranked
 * by the database's score, each with its reasons ("budget fits, 1 bedroom short, in East Legon");
 * tick some and e-mail them to the visitor in one click — public listing details and links only.
 */
import { useQueryClient } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeReasons } from "#core/inbox/matching.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { DetailSection } from "#app/components/records/detail-pane.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { inboxKeys, useInboxChanged } from "#app/domains/inbox/hooks/inbox-queries.ts";
import { useEmailedMatches, useRequestMatches, useSendMatches } from "../hooks/match-queries.ts";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { siteConfig } from "#app/lib/site-config.ts";

const MAX_PER_EMAIL = 12;

export function MatchesPanel({ row }: { row: InboxRow }) {
  const fmt = useFormatters();
  const noteId = useId();
  const qc = useQueryClient();
  const changed = useInboxChanged();
  const matches = useRequestMatches(row.id);
  const emailed = useEmailedMatches(row.id);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [note, setNote] = useState("");
  const rows = matches.data ?? [];
  const chosen =
    picked ??
    new Set(
      rows
        .filter((m) => !emailed.data?.has(m.property_id))
        .slice(0, 5)
        .map((m) => m.property_id),
    );
  const send = useSendMatches(row.id, {
    onSuccess: (reply) => {
      toast.success(
        `${chosen.size} ${chosen.size === 1 ? "listing" : "listings"} e-mailed to ${row.full_name}`,
        {
          description: reply.address_had_bounced
            ? "Mail to this address bounced before: check it with them."
            : reply.to_address,
        },
      );
      setPicked(new Set());
      setNote("");
      void qc.invalidateQueries({ queryKey: inboxKeys.matching() });
      changed("property_requests", row.id);
      kickJobs();
    },
  });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };
  return (
    <DetailSection
      title="Best matches"
      end={
        rows.length > 0 ? (
          <span className="text-xs text-muted-foreground">{rows.length} listings</span>
        ) : undefined
      }
    >
      {matches.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : matches.isError ? (
        <Alert variant="destructive">Could not match: {describeDbError(matches.error).message}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No published listing matches this request yet. You are notified when one is published or gets
          cheaper.
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Matching listings" data-testid="request-matches">
            {rows.map((m) => (
              <li
                key={m.property_id}
                className="flex items-start gap-2 rounded-md border p-2 text-sm"
                data-match={m.slug}
              >
                <Checkbox
                  className="mt-0.5"
                  aria-label={`Include ${m.title}`}
                  checked={chosen.has(m.property_id)}
                  onCheckedChange={(on) => toggle(m.property_id, on === true)}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <a
                    className="truncate font-medium underline-offset-4 hover:underline"
                    href={`${siteConfig.siteUrl}/property/${m.slug}`}
                    target="_blank"
                    rel="noopener"
                  >
                    {m.title}
                  </a>
                  <span className="text-muted-foreground">
                    {m.price !== null ? fmt.money(m.price, m.currency) : "Price on request"}
                    {m.rent_period ? ` per ${m.rent_period}` : ""} ·{" "}
                    {[m.neighbourhood, m.city].filter(Boolean).join(", ")}
                  </span>
                  <span data-testid="match-reasons">{describeReasons(m.reasons)}</span>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <Badge tone={m.score >= 85 ? "success" : m.score >= 70 ? "info" : "warning"}>
                    {m.score}%
                  </Badge>
                  {emailed.data?.has(m.property_id) && (
                    <span className="text-xs text-muted-foreground">sent</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <label htmlFor={noteId} className="text-sm font-medium">
            A word to {row.full_name.split(" ")[0]} (optional)
          </label>
          <Textarea
            id={noteId}
            rows={2}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Here are listings that match what you are looking for:"
          />
          <Button
            size="sm"
            className="self-start"
            disabled={chosen.size === 0 || chosen.size > MAX_PER_EMAIL || send.isPending}
            onClick={() =>
              send.mutate({ ids: [...chosen], site: siteConfig.siteUrl, note: note.trim() || null })
            }
          >
            <SendIcon aria-hidden="true" />
            E-mail {chosen.size} {chosen.size === 1 ? "listing" : "listings"} to the visitor
          </Button>
        </>
      )}
    </DetailSection>
  );
}
