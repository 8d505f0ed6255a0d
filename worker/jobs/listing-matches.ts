/**
 * Job `listing-matches`: when a listing goes public (its publication time
 * come) or its price drops, the owners of the open requests it matches are notified — once per
 * request and listing, again only for a lower price (process_listing_match_queue, the database's
 * scoring). Their bells are poked through the hub right away and the requests refresh on staff
 * screens; the notification e-mails follow each recipient's settings (deliver-emails sends them).
 */
import { z } from "zod";
import { hubPublisher } from "../inbox-live.ts";
import { deliverEmails } from "./deliver-emails.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";

export const LISTINGS_PER_RUN = 20;

const madeSchema = z.array(
  z.object({
    property_id: z.string(),
    request_id: z.string(),
    user_id: z.string(),
    notification_id: z.string(),
  }),
);

export async function listingMatchesRun(env: JobEnv): Promise<JobResult> {
  const { data, error } = await serviceDb(env).rpc("process_listing_match_queue", {
    max_listings: LISTINGS_PER_RUN,
  });
  if (error) throw new Error(`matching listings failed: ${error.message}`);
  const made = madeSchema.parse(data);
  if (made.length) {
    const requestIds = [...new Set(made.map((m) => m.request_id))].slice(0, 100);
    await hubPublisher(env)({
      updates: [{ module: "inbox", action: "updated", ids: requestIds }],
      pokes: made
        .slice(0, 100)
        .map((m) => ({ userId: m.user_id, notificationId: m.notification_id, kind: "match_listing" })),
    });
  }
  return {
    more: false,
    figures: { notified: made.length, listings: new Set(made.map((m) => m.property_id)).size },
    wake: made.length ? [deliverEmails.name] : [],
  };
}

export const listingMatches = defineJob({
  name: "listing-matches",
  everyMs: 30_000,
  run: (env) => listingMatchesRun(env),
});
