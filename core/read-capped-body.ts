/**
 * Reads a request body up to a byte cap without ever buffering more than the cap (Web Streams,
 * so the emulator on Node and the workers on workerd share it). Returns null when the body — or
 * its declared Content-Length — is larger; the caller answers 413. Read errors propagate.
 */
export async function readCappedBody(req: Request, cap: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await req.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
