/** Validation rules of the real Storage API (src/storage/limits.ts, uploader.ts). */
import { ERR } from "./errors.ts";

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
export const MIME_RULE = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;
export const EMPTY_FOLDER = ".emptyFolderPlaceholder";
export const SCOPE_DOWNLOAD = "download";
export const SCOPE_UPLOAD = "upload";

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || name.length > 100 || !VALID_BUCKET_NAME.test(name) || name === "." || name === "..")
    throw ERR.invalidBucketName();
}

/** S3-safe characters only, and (for the file layout) no empty, "." or ".." segments. */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !VALID_OBJECT_KEY.test(key) || Buffer.byteLength(key) > 1024) throw ERR.invalidKey(key ?? "");
  if (key.split("/").some((s) => s === "" || s === "." || s === ".." || s.length > 255))
    throw ERR.invalidKey(key);
}

export function parseFileSizeToBytes(v: string): number {
  const m = /(^[0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(v);
  if (!m) throw ERR.invalidFileSizeLimit();
  const value = +parseFloat(m[1]!).toPrecision(3);
  const mult: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 };
  return value * (mult[m[2]!.toUpperCase()] ?? 1);
}

export function validateMimeType(mime: string, allowed: string[]): void {
  const req = mime.split("/");
  if (req.length < 2) throw ERR.invalidMimeType(mime);
  const [type, ext] = req;
  for (const a of allowed) {
    const [at, ae] = a.split("/");
    if (at === type && (ae === "*" || ae === ext)) return;
  }
  throw ERR.invalidMimeType(mime);
}
