/**
 * A JSON request body read with a byte cap: 415 unless it says JSON, 413 past the cap (before
 * more than the cap is read), 400 when it does not parse. Validation with the route's zod schema
 * follows in the route.
 */
import type { Context } from "hono";
import { readCappedBody } from "#core/read-capped-body.ts";

export async function jsonBody(
  c: Context,
  cap: number,
): Promise<{ ok: true; body: unknown } | { ok: false; res: Response }> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json"))
    return { ok: false, res: c.json({ error: "unsupported_media_type", message: "Send JSON" }, 415) };
  const bytes = await readCappedBody(c.req.raw, cap);
  if (bytes === null)
    return {
      ok: false,
      res: c.json({ error: "too_large", message: `The request is too large (at most ${cap} bytes)` }, 413),
    };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, res: c.json({ error: "invalid_json", message: "The body is not JSON" }, 400) };
  }
}
