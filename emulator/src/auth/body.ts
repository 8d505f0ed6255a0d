/** Reading a request body the way GoTrue's retrieveRequestParams does: JSON, size-limited. */
import type { Context } from "hono";
import type { z } from "zod";
import { readCappedBody } from "#core/read-capped-body.ts";
import { AuthError, badRequest } from "./errors.ts";

export async function readBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
): Promise<z.infer<S>> {
  let buf: Uint8Array | null;
  try {
    buf = await readCappedBody(c.req.raw, maxBytes);
  } catch {
    throw badRequest("bad_json", "Could not read request body");
  }
  if (!buf) throw tooLarge(maxBytes);
  const raw = new TextDecoder().decode(buf);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    throw badRequest(
      "bad_json",
      `Could not parse request body as JSON: ${raw.trim() === "" ? "unexpected end of JSON input" : (e as Error).message}`,
    );
  }
  if (json === null) json = {};
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join(".")}` : "";
    throw badRequest(
      "bad_json",
      `Could not parse request body as JSON: ${issue?.message ?? "invalid body"}${where}`,
    );
  }
  return parsed.data;
}

function tooLarge(max: number) {
  return new AuthError(413, "request_entity_too_large", `Request body too large (max ${max} bytes)`);
}
