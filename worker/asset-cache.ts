/**
 * How long a browser may keep a built file. Vite names every file under /assets/ by a hash of
 * its content, so a file at one such address never changes: the browser keeps it for good instead
 * of asking again on every page load (the asset store's default is to revalidate each time).
 * Every other file — the service worker's script, the manifest, the favicon — keeps that default.
 */
import { mutable } from "./security-headers.ts";

// "name-hash.ext" (entries, styles) or the hash alone (chunks, vite.config.ts chunkFileNames):
// Vite's hashes are 8 characters of base64url.
const HASHED_ASSET = /^\/assets\/(?:[^/]+-[\w-]{8,}|[\w-]{8})\.[a-z0-9]+$/i;

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export function withAssetCaching(pathname: string, res: Response): Response {
  if (res.status !== 200 || !HASHED_ASSET.test(pathname)) return res;
  const copy = mutable(res);
  copy.headers.set("cache-control", IMMUTABLE_CACHE);
  return copy;
}
