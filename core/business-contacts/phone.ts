/**
 * Phone numbers of contacts: E.164 as the database stores them, whatever was
 * typed ("024 123 4567" → "+233241234567"), the Ghana mobile network by prefix, the national
 * format for display and the wa.me link for click-to-WhatsApp. Mirrors private.phone_e164 and
 * private.ghana_network (migration …_crm_contacts_deals.sql); core/business-contacts/phone.test.ts holds
 * the worked examples both follow.
 */

export const GHANA_NETWORKS = ["mtn", "telecel", "airteltigo", "glo"] as const;
export type GhanaNetwork = (typeof GHANA_NETWORKS)[number];

export const GHANA_NETWORK_LABELS: Record<GhanaNetwork, string> = {
  mtn: "MTN",
  telecel: "Telecel",
  airteltigo: "AirtelTigo",
  glo: "Glo",
};

const NETWORK_PREFIXES: Record<GhanaNetwork, readonly string[]> = {
  mtn: ["24", "25", "53", "54", "55", "59"],
  telecel: ["20", "50"],
  airteltigo: ["26", "27", "56", "57"],
  glo: ["23"],
};

export const PHONE_HINT = "Type a Ghana number like 024 123 4567, or + country code and number.";

/** E.164 for a phone as people type it, or null when it is not recognisably a phone number. */
export function toE164(raw: string | null | undefined): string | null {
  const s = (raw ?? "").trim();
  if (!s || !/^\+?[0-9 ().-]+$/.test(s)) return null;
  let digits = s.replace(/\D/g, "");
  if (s.startsWith("+")) {
    // as typed
  } else if (digits.startsWith("00")) {
    digits = digits.slice(2);
  } else if (digits.length === 10 && digits.startsWith("0")) {
    digits = `233${digits.slice(1)}`;
  } else if (digits.length === 9 && /^[235]/.test(digits)) {
    digits = `233${digits}`;
  } else if (!(digits.length === 12 && digits.startsWith("233"))) {
    return null;
  }
  if (digits.startsWith("2330") && digits.length === 13) digits = `233${digits.slice(4)}`;
  if (digits.startsWith("233") && digits.length !== 12) return null;
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  return `+${digits}`;
}

/** The mobile network of a +233 number by its prefix (ported numbers keep theirs), else null. */
export function ghanaNetwork(e164: string | null | undefined): GhanaNetwork | null {
  if (!e164 || !/^\+233\d{9}$/.test(e164)) return null;
  const prefix = e164.slice(4, 6);
  return GHANA_NETWORKS.find((n) => NETWORK_PREFIXES[n].includes(prefix)) ?? null;
}

/** "+233241234567" → "024 123 4567"; other countries stay in E.164. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "";
  const m = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : e164;
}

/** Click-to-WhatsApp: https://wa.me/<digits> (E.164 without the +), with an optional message. */
export function whatsappLink(e164: string, text?: string): string {
  const base = `https://wa.me/${e164.replace(/^\+/, "")}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** A search term that looks like a phone number, in the form search_text holds ("0241234567"); else null. */
export function phoneSearchTerm(term: string): string | null {
  const t = term.trim();
  if (!/^\+?[0-9 ().-]{4,}$/.test(t)) return null;
  const digits = t.replace(/\D/g, "");
  return t.startsWith("+") ? `+${digits}` : digits;
}
