/**
 * The edge API's body cap: a request that declares (Content-Length) more than
 * FORM_MAX_BODY_BYTES is answered 413 before a byte is read, whatever the path, form or content
 * type; a chunked one is read up to the cap and refused there. Handlers then read the capped
 * copy. (Locally the dev and preview servers apply the same cap in front of workerd,
 * vite.config.ts.)
 */
import type { MiddlewareHandler } from "hono";
import { FORM_MAX_BODY_BYTES } from "#core/form-fields.ts";
import { readCappedBody } from "#core/read-capped-body.ts";

export const refuseOversizedBody: MiddlewareHandler = async (c, next) => {
  const req = c.req.raw;
  if (!req.body) return next();
  const bytes = await readCappedBody(req, FORM_MAX_BODY_BYTES);
  if (bytes === null)
    return c.json({ errors: { _form: `The request is too large (max ${FORM_MAX_BODY_BYTES} bytes)` } }, 413);
  c.req.raw = new Request(req, { body: bytes });
  await next();
};
