/** Reads a request body up to a byte cap, without ever buffering more than the cap. */
import { ERR } from "./errors.ts";

export async function readCapped(req: Request, cap: number): Promise<Uint8Array | "too_large"> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await req.body?.cancel().catch(() => undefined);
    return "too_large";
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      throw ERR.noContent(`The request body could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return "too_large";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const ch of chunks) {
    out.set(ch, off);
    off += ch.byteLength;
  }
  return out;
}
