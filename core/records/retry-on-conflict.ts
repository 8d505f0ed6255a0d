/**
 * A request whose transaction lost a conflict — a serialization failure (40001) or a deadlock
 * (40P01) — was rolled back whole by Postgres, so sending it again is safe and usually succeeds:
 * the colleague's transaction it collided with has committed by then. Other errors, and success,
 * come back as they are.
 *
 *   const { data, error } = await retryOnConflict(() => supabase.rpc("record_payment", { payment }));
 */

/** SQLSTATEs after which Postgres has undone the whole transaction. */
export const CONFLICT_CODES: ReadonlySet<string> = new Set(["40001", "40P01"]);

export function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONFLICT_CODES.has(code);
}

export async function retryOnConflict<R extends { error: unknown }>(
  send: () => PromiseLike<R>,
  attempts = 3,
  pauseMs = (attempt: number) => 50 * attempt + Math.random() * 50,
): Promise<R> {
  let result = await send();
  for (let attempt = 1; attempt < attempts && isConflict(result.error); attempt++) {
    await new Promise((r) => setTimeout(r, pauseMs(attempt)));
    result = await send();
  }
  return result;
}
