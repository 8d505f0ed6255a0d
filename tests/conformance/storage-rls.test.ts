/**
 * Storage RLS through supabase-js on the product's `avatars` bucket: users write only their own
 * folder, everyone reads, the bucket's mime rule applies to users too. Runs against the emulator
 * or a hosted project.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { expectStorageError } from "./storage-support.ts";

const service = serviceClient();

describe("RLS on the avatars bucket (users write only their own folder)", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceClient: SupabaseClient;
  let bobClient: SupabaseClient;
  const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7])], { type: "image/png" });

  beforeAll(async () => {
    alice = await createTestUser();
    bob = await createTestUser();
    aliceClient = await signedInClient(alice.email, alice.password);
    bobClient = await signedInClient(bob.email, bob.password);
  });

  afterAll(async () => {
    for (const u of [alice, bob]) {
      if (!u) continue;
      await service.storage
        .from("avatars")
        .remove([`${u.id}/avatar.png`, `${u.id}/evil.png`, `${u.id}/anon.png`]);
      await deleteTestUser(u.id);
    }
  });

  it("a user uploads into their own folder and replaces it with upsert", async () => {
    const up = await aliceClient.storage.from("avatars").upload(`${alice.id}/avatar.png`, png());
    expect(up.error).toBeNull();
    expect(up.data!.fullPath).toBe(`avatars/${alice.id}/avatar.png`);
    const again = await aliceClient.storage
      .from("avatars")
      .upload(`${alice.id}/avatar.png`, png(), { upsert: true });
    expect(again.error).toBeNull();
  });

  it("writing into another user's folder violates the policy", async () => {
    const up = await bobClient.storage.from("avatars").upload(`${alice.id}/evil.png`, png());
    expect(up.data).toBeNull();
    expectStorageError(up.error, "403", "new row violates row-level security policy");
    const anonUp = await anonClient().storage.from("avatars").upload(`${alice.id}/anon.png`, png());
    expectStorageError(anonUp.error, "403", "new row violates row-level security policy");
  });

  it("anyone reads avatars; nobody else removes them", async () => {
    const res = await fetch(
      anonClient().storage.from("avatars").getPublicUrl(`${alice.id}/avatar.png`).data.publicUrl,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const list = await bobClient.storage.from("avatars").list(alice.id);
    expect(list.data!.map((e) => e.name)).toEqual(["avatar.png"]);
    const removed = await bobClient.storage.from("avatars").remove([`${alice.id}/avatar.png`]);
    expect(removed).toEqual({ data: [], error: null });
    const moved = await bobClient.storage
      .from("avatars")
      .move(`${alice.id}/avatar.png`, `${bob.id}/stolen.png`);
    expect(moved.error).not.toBeNull();
    expect((await service.storage.from("avatars").exists(`${alice.id}/avatar.png`)).data).toBe(true);
  });

  it("the bucket's mime rule applies to users too", async () => {
    const up = await aliceClient.storage
      .from("avatars")
      .upload(`${alice.id}/notes.txt`, "hi", { contentType: "text/plain" });
    expectStorageError(up.error, "415", "mime type text/plain is not supported");
  });

  it("the owner removes their own avatar", async () => {
    const { data, error } = await aliceClient.storage.from("avatars").remove([`${alice.id}/avatar.png`]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual([`${alice.id}/avatar.png`]);
    expect((await service.storage.from("avatars").exists(`${alice.id}/avatar.png`)).data).toBe(false);
  });
});
