/**
 * The common setup of the partners RLS files (collaboration-management.test.ts, collaboration-management-followups.test.ts): the
 * usual actors plus two partner accounts, the `letters` probe with the two partner columns (anon ·
 * visitor · staff · other staff · admin aal1 · admin+TOTP aal1 · admin+TOTP aal2 · partner · other
 * partner), the matrix printed after the file, draft listings made for the file (removed with the
 * accounts), and the letter patterns the files share. Call once at the top of a file.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { serviceClient } from "#tests/support/supabase.ts";
import {
  createActors,
  createPartnerActors,
  deleteActors,
  deletePartnerActors,
  matrixProbe,
  must,
  renderMatrix,
} from "./support.ts";
import type { Actor, ActorName, MatrixRow, PartnerActor, PartnerActorName } from "./support.ts";

/** Admins and the partner the row belongs to (the first partner). */
export const ADMINS_AND_OWNER = "NNNNYNYYN";
export const ADMINS_ONLY = "NNNNYNYNN";

export interface PartnersFixture {
  readonly service: ReturnType<typeof serviceClient>;
  /** Unique per file: in slugs, names and texts, so files run side by side. */
  readonly tag: string;
  readonly actors: Record<ActorName, Actor>;
  readonly partners: Record<PartnerActorName, PartnerActor>;
  readonly letters: ReturnType<typeof matrixProbe>;
  /** A draft listing with slug `partner-<name>-<tag>` (and `fields` over the defaults); returns its id. */
  listing(name: string, fields?: Record<string, unknown>): Promise<string>;
}

export function partnersFixture(matrixTitle: string): PartnersFixture {
  const service = serviceClient();
  const tag = crypto.randomUUID().slice(0, 8);
  let actors: Record<ActorName, Actor> | undefined;
  let partners: Record<PartnerActorName, PartnerActor> | undefined;
  const printed: MatrixRow[] = [];

  beforeAll(async () => {
    actors = await createActors();
    partners = await createPartnerActors(tag);
  }, 90_000);

  afterAll(async () => {
    await deletePartnerActors(partners);
    await service.from("properties").delete().like("slug", `%-${tag}`);
    await deleteActors(actors);
    if (printed.length)
      console.log(`\n${matrixTitle} (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
  });

  const ready = <T>(v: T | undefined): T => {
    if (!v) throw new Error("partners fixture: used before its beforeAll ran");
    return v;
  };
  return {
    service,
    tag,
    get actors() {
      return ready(actors);
    },
    get partners() {
      return ready(partners);
    },
    letters: matrixProbe(
      () => ready(actors),
      printed,
      () => ready(partners),
    ),
    async listing(name, fields = {}) {
      const row = (await must(
        service
          .from("properties")
          .insert({
            slug: `partner-${name}-${tag}`,
            title: `Partner RLS ${name}`,
            property_type: "house",
            listing_type: "sale",
            price: 900000,
            bedrooms: 3,
            city: "Accra",
            status: "draft",
            ...fields,
          })
          .select("id")
          .single(),
        `listing ${name}`,
      )) as { id: string };
      return row.id;
    },
  };
}

/**
 * Two listings shared with partners, made before the file's tests: "shared" with both partners
 * (40 % and 30 %), "other" with the other partner only. Ids are filled in place.
 */
export function sharedListings(fx: PartnersFixture): { listingId: string; otherListingId: string } {
  const ids = { listingId: "", otherListingId: "" };
  beforeAll(async () => {
    ids.listingId = await fx.listing("shared");
    ids.otherListingId = await fx.listing("other");
    await must(
      fx.service
        .from("partner_listing_shares")
        .insert([
          {
            partner_id: fx.partners.partner.partnerId,
            property_id: ids.listingId,
            partner_split_percent: 40,
          },
          {
            partner_id: fx.partners.other_partner.partnerId,
            property_id: ids.listingId,
            partner_split_percent: 30,
          },
          {
            partner_id: fx.partners.other_partner.partnerId,
            property_id: ids.otherListingId,
            partner_split_percent: 30,
          },
        ])
        .select("id"),
      "shares",
    );
  });
  return ids;
}
