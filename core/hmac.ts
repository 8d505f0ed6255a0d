/**
 * HMAC with Web Crypto (worker, Node, browser alike) for signed webhooks, and a comparison of two
 * signatures that takes the same time wherever they differ.
 */

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** hex(HMAC-<hash>(key, body)). */
export async function hmacHex(
  hash: "SHA-256" | "SHA-512",
  key: string,
  body: string | Uint8Array,
): Promise<string> {
  const enc = new TextEncoder();
  const k = await crypto.subtle.importKey("raw", enc.encode(key), { name: "HMAC", hash }, false, ["sign"]);
  const data = typeof body === "string" ? enc.encode(body) : body;
  return hex(await crypto.subtle.sign("HMAC", k, data as BufferSource));
}

/** hex(SHA-256(body)): the fingerprint of a webhook body (a replayed body has the same one). */
export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  const data = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return hex(await crypto.subtle.digest("SHA-256", data as BufferSource));
}

/** Equal strings, compared in constant time for equal lengths (a signature leaks nothing by timing). */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
