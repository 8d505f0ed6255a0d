/**
 * Config-driven bucket seeding, as the Supabase CLI does it on `supabase start` / `db reset`:
 * for every `[storage.buckets.<name>]` in supabase/config.toml create the bucket (or bring an
 * existing one's settings in line) and upload every file under its `objects_path` (relative to
 * supabase/) with the file's relative path as object name and a content type from its extension.
 * Call it once on a fresh data folder, after the migrations and SQL seeds.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { SUPABASE_DIR, type Toml } from "../config.ts";
import type { EmulatorContext } from "../context.ts";
import { ObjectFiles } from "./files.ts";
import { mustBeValidKey, validateMimeType } from "./validation.ts";

const MIME_BY_EXT: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".bmp": "image/bmp",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".html": "text/html",
  ".htm": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".xml": "application/xml",
  ".zip": "application/zip",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export function contentTypeOf(file: string): string {
  return MIME_BY_EXT[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** "50MiB", "2MB", "1024" or a number → bytes (the CLI's sizes accept both unit families). */
export function parseConfigSize(v: unknown): number | null {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "number") return v;
  const m = /^(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i.exec(String(v).trim());
  if (!m) throw new Error(`storage seed: invalid file_size_limit ${JSON.stringify(v)}`);
  const mult: Record<string, number> = {
    b: 1,
    kb: 1e3,
    kib: 1024,
    mb: 1e6,
    mib: 1024 ** 2,
    gb: 1e9,
    gib: 1024 ** 3,
  };
  return Math.round(Number(m[1]) * (mult[(m[2] ?? "B").toLowerCase()] ?? 1));
}

export interface BucketSeedConfig {
  name: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  objectsPath: string | null;
}

export function bucketSeedsFromToml(toml: Toml): BucketSeedConfig[] {
  const buckets = (toml.storage?.buckets ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(buckets).map(([name, b]) => ({
    name,
    public: b.public === true,
    fileSizeLimit: parseConfigSize(b.file_size_limit),
    allowedMimeTypes: Array.isArray(b.allowed_mime_types)
      ? (b.allowed_mime_types as unknown[]).map(String)
      : null,
    objectsPath: typeof b.objects_path === "string" && b.objects_path ? b.objects_path : null,
  }));
}

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith(".")) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push(full);
    }
  };
  walk(root);
  return out;
}

export interface SeedReport {
  buckets: string[];
  objects: number;
  skipped: string[];
}

function seedProblem(
  name: string,
  size: number,
  mime: string,
  maxSize: number,
  allowed: string[] | null,
): string | null {
  try {
    mustBeValidKey(name);
  } catch {
    return "the name is not a valid object key";
  }
  if (size > maxSize) return `larger than the limit of ${maxSize} bytes`;
  if (allowed?.length) {
    try {
      validateMimeType(mime, allowed);
    } catch {
      return `content type ${mime} is not allowed in the bucket`;
    }
  }
  return null;
}

export async function seedStorageBuckets(
  ctx: EmulatorContext,
  opts: { supabaseDir?: string; toml?: Toml } = {},
): Promise<SeedReport> {
  const supabaseDir = opts.supabaseDir ?? SUPABASE_DIR;
  let toml = opts.toml;
  if (!toml) {
    const file = path.join(supabaseDir, "config.toml");
    toml = fs.existsSync(file) ? (parse(fs.readFileSync(file, "utf8")) as Toml) : {};
  }
  const files = new ObjectFiles(ctx.config.dataDir);
  const report: SeedReport = { buckets: [], objects: 0, skipped: [] };
  for (const b of bucketSeedsFromToml(toml)) {
    await ctx.db.admin(async (tx) => {
      await tx.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4::text[])
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
        [b.name, b.public, b.fileSizeLimit, b.allowedMimeTypes],
      );
    });
    report.buckets.push(b.name);
    if (!b.objectsPath) continue;
    const root = path.resolve(supabaseDir, b.objectsPath);
    if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
      console.warn(
        `[emulator] storage seed: objects_path ${b.objectsPath} of bucket ${b.name} is not a folder; skipped`,
      );
      continue;
    }
    const maxSize = Math.min(ctx.config.storageFileSizeLimit, b.fileSizeLimit ?? Infinity);
    for (const file of listFiles(root)) {
      const name = path.relative(root, file).split(path.sep).join("/");
      const bytes = fs.readFileSync(file);
      // The CLI uploads through the Storage API, which would refuse these; say so and go on.
      const problem = seedProblem(name, bytes.byteLength, contentTypeOf(file), maxSize, b.allowedMimeTypes);
      if (problem) {
        console.warn(`[emulator] storage seed: ${b.name}/${name} skipped: ${problem}`);
        report.skipped.push(`${b.name}/${name}`);
        continue;
      }
      const version = crypto.randomUUID();
      const md = {
        eTag: `"${crypto.createHash("md5").update(bytes).digest("hex")}"`,
        size: bytes.byteLength,
        mimetype: contentTypeOf(file),
        cacheControl: "max-age=3600",
        lastModified: new Date().toUTCString(),
        contentLength: bytes.byteLength,
        httpStatusCode: 200,
      };
      await ctx.db.admin(async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3::jsonb, $4)
           on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, updated_at = now()`,
          [b.name, name, md, version],
        );
        await files.writeVersion(b.name, name, version, bytes);
        files.removeStale(b.name, name, version);
      });
      report.objects++;
    }
  }
  return report;
}
