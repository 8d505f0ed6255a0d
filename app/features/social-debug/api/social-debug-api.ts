/**
 * What the social debug screen asks the edge (same origin, the user's access token proves an
 * admin asks): GET /api/social-debug?url=… (each network's view of the page) and POST
 * /api/social-debug/purge. Answers are checked with core's schemas; refusals carry the edge's
 * message so the screen can say why.
 */
import { z } from "zod";
import {
  SOCIAL_DEBUG_PATH,
  SOCIAL_DEBUG_PURGE_PATH,
  socialDebugAnswerSchema,
  socialDebugPurgeAnswerSchema,
  type SocialDebugAnswer,
} from "#core/seo/social-preview.ts";
import { supabase } from "#app/lib/supabase.ts";

const refusal = z.object({ error: z.string(), message: z.string() });

async function edgeFetch<T>(path: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
  const { data } = await supabase.auth.getSession();
  const res = await fetch(path, {
    ...init,
    cache: "no-store",
    headers: { ...init.headers, authorization: `Bearer ${data.session?.access_token ?? ""}` },
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const why = refusal.safeParse(body);
    throw new Error(why.success ? why.data.message : `The site answered ${res.status}`);
  }
  return schema.parse(body);
}

export function debugUrl(url: string): Promise<SocialDebugAnswer> {
  return edgeFetch(`${SOCIAL_DEBUG_PATH}?url=${encodeURIComponent(url)}`, {}, socialDebugAnswerSchema);
}

export function purgeUrl(url: string): Promise<z.output<typeof socialDebugPurgeAnswerSchema>> {
  return edgeFetch(
    SOCIAL_DEBUG_PURGE_PATH,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url }) },
    socialDebugPurgeAnswerSchema,
  );
}
