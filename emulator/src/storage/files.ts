/**
 * Where object bytes live: `<dataDir>/storage/<bucket>/<object name>/~<version>` — like the Storage
 * API's file backend, the key is a folder and each version is a file in it, so a key `a` and a key
 * `a/b` can coexist and replacing an object never overwrites bytes a committed row still points at.
 * Version and temp files start with `~`, a character object keys may not contain, so they can
 * never collide with a folder of a longer key.
 * Every path is checked to stay inside the storage root (no traversal through `..` or absolute parts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ERR } from "./errors.ts";

export class ObjectFiles {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "storage");
  }

  private inside(p: string): string {
    const resolved = path.resolve(p);
    if (resolved !== this.root && !resolved.startsWith(this.root + path.sep)) throw ERR.invalidKey(p);
    return resolved;
  }

  bucketDir(bucket: string): string {
    if (
      !bucket ||
      bucket === "." ||
      bucket === ".." ||
      bucket.includes("/") ||
      bucket.includes("\\") ||
      bucket.includes("\0")
    ) {
      throw ERR.invalidBucketName();
    }
    return this.inside(path.join(this.root, bucket));
  }

  objectDir(bucket: string, name: string): string {
    const segments = name.split("/");
    for (const s of segments) {
      if (s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\0"))
        throw ERR.invalidKey(name);
    }
    return this.inside(path.join(this.bucketDir(bucket), ...segments));
  }

  versionPath(bucket: string, name: string, version: string): string {
    if (!/^[A-Za-z0-9-]+$/.test(version)) throw ERR.noSuchKey();
    return path.join(this.objectDir(bucket, name), `~${version}`);
  }

  /** Writes bytes as a new version file (never replacing another file). */
  async writeVersion(bucket: string, name: string, version: string, bytes: Uint8Array): Promise<void> {
    const dir = this.objectDir(bucket, name);
    await fs.promises.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `~tmp-${crypto.randomUUID()}`);
    try {
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, this.versionPath(bucket, name, version));
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
  }

  async copyVersion(
    from: { bucket: string; name: string; version: string },
    to: { bucket: string; name: string; version: string },
  ): Promise<void> {
    const src = this.versionPath(from.bucket, from.name, from.version);
    await fs.promises.mkdir(this.objectDir(to.bucket, to.name), { recursive: true });
    await fs.promises.copyFile(src, this.versionPath(to.bucket, to.name, to.version));
  }

  async read(bucket: string, name: string, version: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.versionPath(bucket, name, version));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "ENOTDIR")
        return null;
      throw e;
    }
  }

  /**
   * Removes every version file of `name` except `keep` (the version its committed row points at,
   * or null when the row is gone), then prunes folders left empty up to the bucket folder.
   */
  removeStale(bucket: string, name: string, keep: string | null): void {
    let dir: string;
    try {
      dir = this.objectDir(bucket, name);
    } catch {
      return;
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isFile() && e.name.startsWith("~") && e.name !== `~${keep}` && !e.name.startsWith("~tmp-")) {
        fs.rmSync(path.join(dir, e.name), { force: true });
      }
    }
    const stop = this.bucketDir(bucket);
    let cur = dir;
    while (cur.startsWith(stop + path.sep)) {
      try {
        fs.rmdirSync(cur);
      } catch {
        break; // not empty
      }
      cur = path.dirname(cur);
    }
  }

  removeBucket(bucket: string): void {
    fs.rmSync(this.bucketDir(bucket), { recursive: true, force: true });
  }
}
