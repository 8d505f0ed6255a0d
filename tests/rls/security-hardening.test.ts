/**
 * RLS of the security-hardening migration (20261124100000_security_hardening.sql), per actor:
 * the private property-images bucket lets visitors fetch photos of public listings only (never
 * of drafts, never a listing of the bucket), staff and admins everything; uploads take only the
 * bucket's exact image types; the MFA attempts table is unreachable through the API.
 * Letters per actor in order anon · visitor · staff · admin · admin+TOTP aal1 · admin+TOTP aal2.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import { serviceClient } from "../support/supabase.ts";
import { createActors, deleteActors, sixActorRow, type Actor, type ActorName } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const BUCKET = "property-images";
let actors: Record<ActorName, Actor>;
const photo = { draft: "", live: "" };
const cleanup: Array<() => PromiseLike<unknown>> = [];
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

beforeAll(async () => {
  actors = await createActors();
  for (const kind of ["draft", "live"] as const) {
    const published =
      kind === "live"
        ? { status: "available", published_at: new Date(Date.now() - 60_000).toISOString() }
        : { status: "draft" };
    const p = await service
      .from("properties")
      .insert({
        slug: `rls-photo-${kind}-${tag}`,
        title: `RLS photo ${kind}`,
        property_type: "house",
        listing_type: "sale",
        price: 1,
        city: "Accra",
        ...published,
      })
      .select("id")
      .single();
    expect(p.error).toBeNull();
    const id = (p.data as { id: string }).id;
    photo[kind] = `${id}/${crypto.randomUUID()}.jpg`;
    expect(
      (await service.storage.from(BUCKET).upload(photo[kind], JPEG, { contentType: "image/jpeg" })).error,
    ).toBeNull();
    expect(
      (
        await service
          .from("property_images")
          .insert({ property_id: id, storage_path: photo[kind], position: 0 })
      ).error,
    ).toBeNull();
  }
  cleanup.push(() => service.storage.from(BUCKET).remove([photo.draft, photo.live]));
  cleanup.push(() => service.from("properties").delete().like("slug", `%-${tag}`));
}, 60_000);

afterAll(async () => {
  for (const c of cleanup) await c();
  await deleteActors(actors);
});

const row = (probe: (a: Actor, i: number) => Promise<boolean>) => sixActorRow(actors, probe);

const downloads = async (a: Actor, name: string) => {
  const { data, error } = await a.client.storage.from(BUCKET).download(name);
  return !error && !!data && data.size > 0;
};

describe("property-images bucket (private; RLS follows the listing)", () => {
  it("a public listing's photo: everyone fetches it", async () => {
    expect(await row((a) => downloads(a, photo.live))).toBe("YYYYYY");
  });
  it("a draft listing's photo: staff and admins at the AAL they need", async () => {
    expect(await row((a) => downloads(a, photo.draft))).toBe("NNYYNY");
  });
  it("listing the bucket: staff and admins only", async () => {
    const folder = photo.live.split("/")[0]!;
    expect(
      await row(async (a) => ((await a.client.storage.from(BUCKET).list(folder)).data ?? []).length > 0),
    ).toBe("NNYYNY");
  });
  it("uploads take only the bucket's exact image types", async () => {
    expect(
      await row(async (a, i) => {
        const name = `rls-${tag}/${i}.png`;
        await a.client.storage
          .from(BUCKET)
          .upload(name, new Blob(["<html>"], { type: "image/png/x" }), { contentType: "image/png/x" });
        const found = ((await service.storage.from(BUCKET).list(`rls-${tag}`)).data ?? []).some(
          (o) => o.name === `${i}.png`,
        );
        if (found) cleanup.push(() => service.storage.from(BUCKET).remove([name]));
        return found;
      }),
    ).toBe("NNNNNN");
  });
});

describe("private.mfa_verification_attempts", () => {
  it("no actor reaches it through the API (the private schema is not exposed)", async () => {
    expect(
      await row(async (a) => {
        const token = a.user ? (await a.client.auth.getSession()).data.session?.access_token : undefined;
        const res = await fetch(`${SUPABASE_URL}/rest/v1/mfa_verification_attempts?select=id`, {
          headers: {
            apikey: SUPABASE_PUBLISHABLE_KEY,
            "accept-profile": "private",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        });
        return res.ok;
      }),
    ).toBe("NNNNNN");
  });
});
