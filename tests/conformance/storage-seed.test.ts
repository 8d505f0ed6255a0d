/**
 * Config-driven bucket seeding (`[storage.buckets.<name>]` in supabase/config.toml, as the
 * Supabase CLI does it): runs the emulator's seeding against an in-process emulator with its own
 * in-memory database and a temporary supabase folder, then reads the result through supabase-js.
 * Emulator-only by nature (a hosted project is seeded by `supabase seed buckets`), so it never
 * touches SUPABASE_URL.
 */
import { serve, type ServerType } from "@hono/node-server";
import { createClient } from "@supabase/supabase-js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#emulator/src/config.ts";
import type { Database } from "#emulator/src/db.ts";
import { loadSigningKeys } from "#emulator/src/keys.ts";
import { createServer } from "#emulator/src/server.ts";
import {
  bucketSeedsFromToml,
  contentTypeOf,
  parseConfigSize,
  seedStorageBuckets,
  type SeedReport,
} from "#emulator/src/storage/seed.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storage-seed-"));
const supabaseDir = path.join(tmp, "supabase");
let db: Database;
let server: ServerType;
let url: string;
let report: SeedReport;
const config = { ...loadConfig({}), dataDir: path.join(tmp, "data") };

function write(rel: string, content: string | Uint8Array) {
  const file = path.join(supabaseDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const toml = {
  storage: {
    file_size_limit: "50MiB",
    buckets: {
      "seed-images": {
        public: true,
        file_size_limit: "1KiB",
        allowed_mime_types: ["image/png", "image/svg+xml"],
        objects_path: "./storage/images",
      },
      "seed-private": { public: false, objects_path: "./storage/private" },
      "seed-empty": { public: false, file_size_limit: "2MB" },
    },
  },
};

beforeAll(async () => {
  write("storage/images/house/1.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  write("storage/images/house/plan.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  write("storage/images/notes.txt", "not an image");
  write("storage/images/huge.png", new Uint8Array(2048));
  write("storage/images/.DS_Store", "hidden");
  write("storage/private/docs/readme.txt", "Akwaaba");
  db = await openMigratedDatabase();
  const keys = await loadSigningKeys(config.dataDir, "http://127.0.0.1/auth/v1");
  const ctx = { config, db, keys };
  report = await seedStorageBuckets(ctx, { supabaseDir, toml });
  const app = createServer(ctx);
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await db?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("storage bucket seeding from config.toml", () => {
  it("parses the CLI's bucket settings and sizes", () => {
    expect(parseConfigSize("50MiB")).toBe(50 * 1024 * 1024);
    expect(parseConfigSize("2MB")).toBe(2_000_000);
    expect(parseConfigSize(undefined)).toBeNull();
    expect(() => parseConfigSize("lots")).toThrow(/file_size_limit/);
    expect(contentTypeOf("a/b/photo.JPG")).toBe("image/jpeg");
    expect(contentTypeOf("plan.svg")).toBe("image/svg+xml");
    expect(contentTypeOf("blob.unknown")).toBe("application/octet-stream");
    expect(bucketSeedsFromToml(toml).map((b) => [b.name, b.public, b.fileSizeLimit, b.objectsPath])).toEqual([
      ["seed-images", true, 1024, "./storage/images"],
      ["seed-private", false, null, "./storage/private"],
      ["seed-empty", false, 2_000_000, null],
    ]);
  });

  it("creates every bucket with its settings and reports what it skipped", async () => {
    expect(report.buckets).toEqual(["seed-images", "seed-private", "seed-empty"]);
    expect(report.objects).toBe(3);
    expect(report.skipped.sort()).toEqual(["seed-images/huge.png", "seed-images/notes.txt"]);
    const admin = createClient(url, config.secretKey, { auth: { persistSession: false } });
    const { data } = await admin.storage.getBucket("seed-images");
    expect(data).toMatchObject({
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ["image/png", "image/svg+xml"],
    });
    const empty = await admin.storage.getBucket("seed-empty");
    expect(empty.data).toMatchObject({ public: false, file_size_limit: 2_000_000 });
  });

  it("uploads files under their relative paths with a content type from the extension", async () => {
    const admin = createClient(url, config.secretKey, { auth: { persistSession: false } });
    const list = await admin.storage.from("seed-images").list("house");
    expect(list.data!.map((e) => [e.name, (e.metadata as { mimetype?: string } | null)?.mimetype])).toEqual([
      ["1.png", "image/png"],
      ["plan.svg", "image/svg+xml"],
    ]);
    const res = await fetch(admin.storage.from("seed-images").getPublicUrl("house/plan.svg").data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toContain("<svg");
  });

  it("keeps private seeded objects behind RLS", async () => {
    const anon = createClient(url, config.publishableKey, { auth: { persistSession: false } });
    const denied = await anon.storage.from("seed-private").download("docs/readme.txt");
    expect(denied.data).toBeNull();
    const admin = createClient(url, config.secretKey, { auth: { persistSession: false } });
    const ok = await admin.storage.from("seed-private").download("docs/readme.txt");
    expect(await ok.data!.text()).toBe("Akwaaba");
  });

  it("seeding again replaces objects instead of failing", async () => {
    write("storage/private/docs/readme.txt", "Akwaaba 2");
    const keys = await loadSigningKeys(config.dataDir, "http://127.0.0.1/auth/v1");
    const again = await seedStorageBuckets({ config, db, keys }, { supabaseDir, toml });
    expect(again.objects).toBe(3);
    const admin = createClient(url, config.secretKey, { auth: { persistSession: false } });
    expect(await (await admin.storage.from("seed-private").download("docs/readme.txt")).data!.text()).toBe(
      "Akwaaba 2",
    );
    const files = fs.readdirSync(path.join(config.dataDir, "storage", "seed-private", "docs", "readme.txt"));
    expect(files).toHaveLength(1);
  });
});
