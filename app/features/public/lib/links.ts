/** Cross-host links (consultation, bookings, request hosts), WhatsApp and share URLs. */
import { COMPANY } from "#core/constants.ts";
import { originOf } from "#core/hosts.ts";
import { siteConfig } from "#app/lib/site-config.ts";

type FormHost = "main" | "consult" | "bookings" | "request" | "collab";

/** Origin of a host kind; locally the port is the one this page was served from. */
export function hostOrigin(kind: FormHost): string {
  const hosts = siteConfig.hosts;
  if (hosts.protocol === "http" && typeof location !== "undefined") {
    const port = location.port ? `:${location.port}` : "";
    return `http://${hosts[kind]}${port}`;
  }
  return originOf(kind, hosts);
}

export function hostLink(kind: FormHost, params?: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v) q.set(k, v);
  const qs = q.toString();
  return `${hostOrigin(kind)}/${qs ? `?${qs}` : ""}`;
}

/** Main-site absolute URL (share links must point at the public host). */
export function mainUrl(path: string): string {
  return `${hostOrigin("main")}${path}`;
}

/** Click-to-chat with the company's WhatsApp, or with `phone` (any format with a country code). */
export function whatsappLink(text?: string, phone?: string): string {
  const number = phone ? phone.replace(/\D/g, "") : COMPANY.whatsappE164;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

export function shareTargets(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${t}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}
