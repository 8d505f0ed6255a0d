/**
 * Which WhatsApp provider the worker uses, from its configuration:
 *
 * | variable                   | kind   | meaning                                                                       |
 * | -------------------------- | ------ | ----------------------------------------------------------------------------- |
 * | `WHATSAPP_ACCESS_TOKEN`    | secret | a System User's permanent token with whatsapp_business_messaging              |
 * | `WHATSAPP_PHONE_NUMBER_ID` | var    | the business number's id (WhatsApp Manager → API setup)                       |
 * | `WHATSAPP_APP_SECRET`      | secret | the Meta app's secret: webhooks are signed with it (X-Hub-Signature-256)       |
 * | `WHATSAPP_VERIFY_TOKEN`    | secret | the token typed into the webhook's settings, echoed in the GET handshake      |
 * | `WHATSAPP_BASE_URL`        | var    | optional: the Graph API (default core's WHATSAPP_GRAPH_URL); a local stack sets |
 * |                            |        | the emulator's sandbox, `<SUPABASE_URL>/_whatsapp/v21.0` (vite.config.ts)      |
 *
 * Without a token and number id, messages wait queued and deliver-whatsapp reports why.
 */
import { WHATSAPP_GRAPH_URL } from "#core/whatsapp/whatsapp.ts";
import type { EdgeEnv } from "../env.ts";
import { cloudApiProvider, type WhatsAppProvider } from "./cloud-provider.ts";

export type WhatsAppProviderSelection =
  | { ok: true; provider: WhatsAppProvider }
  | { ok: false; error: string };

export function selectWhatsAppProvider(
  env: Pick<EdgeEnv, "WHATSAPP_ACCESS_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID" | "WHATSAPP_BASE_URL">,
  fetchImpl?: typeof fetch,
): WhatsAppProviderSelection {
  const token = env.WHATSAPP_ACCESS_TOKEN?.trim();
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  if (!token || !phoneNumberId)
    return {
      ok: false,
      error: "WhatsApp is not configured (WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID)",
    };
  if (!/^\d{5,30}$/.test(phoneNumberId))
    return { ok: false, error: "WHATSAPP_PHONE_NUMBER_ID is not a phone number id" };
  const baseUrl = env.WHATSAPP_BASE_URL?.trim() || WHATSAPP_GRAPH_URL;
  try {
    new URL(baseUrl);
  } catch {
    return { ok: false, error: `WHATSAPP_BASE_URL "${baseUrl}" is not a URL` };
  }
  return {
    ok: true,
    provider: cloudApiProvider({ baseUrl, phoneNumberId, accessToken: token, fetch: fetchImpl }),
  };
}
