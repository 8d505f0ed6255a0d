/** A request body up to a byte cap (core/read-capped-body.ts), with the Storage API's error for a broken stream. */
import { readCappedBody } from "#core/read-capped-body.ts";
import { ERR } from "./errors.ts";

export async function readCapped(req: Request, cap: number): Promise<Uint8Array | "too_large"> {
  try {
    return (await readCappedBody(req, cap)) ?? "too_large";
  } catch (e) {
    throw ERR.noContent(`The request body could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}
