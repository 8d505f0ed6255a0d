/**
 * A file the edge makes for the signed-in user (a report's CSV or PDF, an agreement's PDF): the
 * session's access token proves who asks, the database decides what it may have. A refusal's own
 * message is thrown, so the screen can say why.
 */
import { getSupabase } from "#app/lib/session.tsx";

export async function edgeFile(path: string): Promise<Blob> {
  const { data } = await (await getSupabase()).auth.getSession();
  const res = await fetch(path, { headers: { authorization: `Bearer ${data.session?.access_token ?? ""}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The file could not be made (HTTP ${res.status}).`);
  }
  return res.blob();
}
