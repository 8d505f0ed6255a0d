/**
 * What the social debug screen asks the edge (same origin, the user's access token proves an
 * admin asks): GET /api/social-debug?url=… (each network's view of the page) and POST
 * /api/social-debug/purge. Answers are checked with core's schemas; refusals carry the edge's
 * message so the screen can say why.
 */
import { type z } from "zod";
import {
  SOCIAL_DEBUG_PATH,
  SOCIAL_DEBUG_PURGE_PATH,
  socialDebugAnswerSchema,
  socialDebugPurgeAnswerSchema,
  type SocialDebugAnswer,
} from "#core/seo/social-preview.ts";
import { type EdgeInit, edgeJson } from "#app/lib/edge-api.ts";

function edgeAsk<T>(path: string, init: EdgeInit, schema: z.ZodType<T>): Promise<T> {
  return edgeJson(path, { ...init, refusedMessage: "The site refused", parse: (body) => schema.parse(body) });
}

export function debugUrl(url: string): Promise<SocialDebugAnswer> {
  return edgeAsk(`${SOCIAL_DEBUG_PATH}?url=${encodeURIComponent(url)}`, {}, socialDebugAnswerSchema);
}

export function purgeUrl(url: string): Promise<z.output<typeof socialDebugPurgeAnswerSchema>> {
  return edgeAsk(SOCIAL_DEBUG_PURGE_PATH, { json: { url } }, socialDebugPurgeAnswerSchema);
}
