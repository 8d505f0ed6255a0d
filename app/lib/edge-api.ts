/**
 * Requests to the edge on behalf of the signed-in user (same origin): the session's access token
 * proves who asks, the edge and the database decide what they may do or have. A refusal's own
 * message (the edge answers `{ error, message }`) is thrown, so the screen can say why.
 */
import { getSupabase } from "#app/lib/session.tsx";

/** The edge's refusal: its sentence, its code and the whole answer (some carry more fields). */
export class EdgeRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The session's access token, or null when signed out (callers decide whether that is an error). */
export async function sessionToken(): Promise<string | null> {
  const { data } = await (await getSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}

export interface EdgeInit {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Lets a request outlive the page (an announcement sent as the tab closes). */
  keepalive?: boolean;
  /** What to say when signed out; without it, the request goes without a token and the edge refuses. */
  signedOutMessage?: string;
  /** A token the caller already read (skips reading the session again). */
  token?: string;
}

/** The edge's answer, as is; throws only when signed out and `signedOutMessage` says so. */
export async function edgeFetch(path: string, init: EdgeInit = {}): Promise<Response> {
  const token = init.token ?? (await sessionToken());
  if (!token && init.signedOutMessage) throw new EdgeRefusal(init.signedOutMessage, "no_session", 401, null);
  const headers: Record<string, string> = { authorization: `Bearer ${token ?? ""}` };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(path, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    keepalive: init.keepalive,
    cache: "no-store",
  });
}

function refusal(res: Response, body: unknown, fallback: string): EdgeRefusal {
  const said =
    body && typeof body === "object" && "message" in body && typeof body.message === "string"
      ? (body as { message: string; error?: unknown })
      : null;
  return new EdgeRefusal(
    said?.message ?? `${fallback} (HTTP ${res.status}).`,
    typeof said?.error === "string" ? said.error : "refused",
    res.status,
    body,
  );
}

/** A JSON answer checked by `parse` (a schema's parse); a refusal throws EdgeRefusal. */
export async function edgeJson<T>(
  path: string,
  init: EdgeInit & { parse: (body: unknown) => T; refusedMessage?: string },
): Promise<T> {
  const res = await edgeFetch(path, init);
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw refusal(res, body, init.refusedMessage ?? "The request was refused");
  return init.parse(body);
}

/** A file the edge makes for the user (a report's CSV or PDF, an agreement's PDF). */
export async function edgeFile(path: string): Promise<Blob> {
  const res = await edgeFetch(path);
  if (!res.ok) throw refusal(res, await res.json().catch(() => null), "The file could not be made");
  return res.blob();
}
