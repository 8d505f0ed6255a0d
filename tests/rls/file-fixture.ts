/**
 * The common frame of an RLS file: the usual actors (created before the file, deleted after),
 * a tag to name the file's records, cleanups run after the file in the order they were added,
 * and the `letters` probe whose rows are printed as a matrix after the file. Call once at the
 * top of a file; the returned `actors` is filled in place, so files may destructure it at once.
 * With `partners`, two partner accounts join the actors and the matrix (nine letters a row).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { serviceClient } from "#tests/support/supabase.ts";
import {
  type Actor,
  type ActorName,
  createActors,
  createPartnerActors,
  deleteActors,
  deletePartnerActors,
  type MatrixRow,
  matrixProbe,
  must,
  type PartnerActor,
  type PartnerActorName,
  renderMatrix,
} from "./support.ts";

export function rlsFile(title: string, options: { partners?: boolean } = {}) {
  const service = serviceClient();
  const tag = crypto.randomUUID().slice(0, 8);
  const actors = {} as Record<ActorName, Actor>;
  const printed: MatrixRow[] = [];
  const cleanup: Array<() => PromiseLike<unknown>> = [];
  const partners = {} as Record<PartnerActorName, PartnerActor>;

  beforeAll(async () => {
    Object.assign(actors, await createActors());
    if (options.partners) Object.assign(partners, await createPartnerActors(tag));
  }, 90_000);

  afterAll(async () => {
    for (const c of cleanup) await c();
    await deleteActors(actors);
    if (options.partners) await deletePartnerActors(partners);
    if (printed.length) console.log(`\n${title} (✓ allowed, ✗ denied, · n/a)\n${renderMatrix(printed)}\n`);
  });

  return {
    service,
    tag,
    actors,
    printed,
    cleanup,
    partners,
    letters: matrixProbe(() => actors, printed, options.partners ? () => partners : undefined),
    staffId: () => actors.staff.user!.id,
    uid: (a: Actor) => a.user?.id ?? null,
    /** Switches a module's visibility (secret key); files that switch one put it back in a cleanup. */
    setMode: async (module: string, mode: "own" | "branch" | "all") => {
      await must(
        service.from("module_access").update({ mode }).eq("module", module).select(),
        `set ${module} mode`,
      );
    },
  };
}
