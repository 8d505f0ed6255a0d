/**
 * Removing objects from a private bucket with the secret key (Storage's bulk delete, up to 1,000
 * names a call), for the jobs that clean up after deleted rows. Removing an object that is
 * already gone is no error, so a run cut off half-way can simply run again.
 */
import { z } from "zod";
import type { JobEnv } from "./job.ts";

/** Removes `paths` from `bucket`; returns how many objects Storage reports removed. */
export async function removeObjects(
  env: JobEnv,
  bucket: string,
  paths: readonly string[],
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  if (!paths.length) return 0;
  const res = await fetchImpl(`${env.SUPABASE_URL.replace(/\/+$/, "")}/storage/v1/object/${bucket}`, {
    method: "DELETE",
    headers: {
      apikey: env.SUPABASE_SECRET_KEY!,
      authorization: `Bearer ${env.SUPABASE_SECRET_KEY!}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ prefixes: paths }),
  });
  if (!res.ok)
    throw new Error(
      `removing ${paths.length} objects failed: Storage answered ${res.status} ${(await res.text()).slice(0, 200)}`,
    );
  return z
    .array(z.unknown())
    .catch([])
    .parse(await res.json()).length;
}
