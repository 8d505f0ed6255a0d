/**
 * What a link preview is made of, for the social debug screen: the crawlers of
 * Facebook, X, LinkedIn and WhatsApp (their user agents, which the edge answers like any
 * visitor), reading a page's head (title, description, Open Graph, Twitter card, canonical,
 * JSON-LD), the pixel size of an image from its first bytes, and each network's card limits with
 * the warnings a page earns against them. Pure: the edge fetches (worker/social-debug.ts), the
 * SPA shows.
 *
 * Limits are the networks' published figures where they publish them (image sizes and weights)
 * and the usual display cut-offs otherwise (title/description lengths), as of November 2026.
 */
import { z } from "zod";

export const NETWORKS = ["facebook", "x", "linkedin", "whatsapp"] as const;
export type Network = (typeof NETWORKS)[number];

export interface NetworkRules {
  label: string;
  /** The crawler's User-Agent header. */
  userAgent: string;
  /** The card's image box as the network draws it (CSS pixels), for the preview. */
  card: { width: number; height: number; layout: "large" | "thumbnail" };
  image: {
    minWidth: number;
    minHeight: number;
    recommendedWidth: number;
    recommendedHeight: number;
    maxBytes: number;
    maxWidth?: number;
    maxHeight?: number;
  };
  titleMax: number;
  descriptionMax: number;
}

const MB = 1024 * 1024;

export const NETWORK_RULES: Record<Network, NetworkRules> = {
  facebook: {
    label: "Facebook",
    userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    card: { width: 500, height: 261, layout: "large" },
    image: {
      minWidth: 200,
      minHeight: 200,
      recommendedWidth: 1200,
      recommendedHeight: 630,
      maxBytes: 8 * MB,
    },
    titleMax: 88,
    descriptionMax: 200,
  },
  x: {
    label: "X",
    userAgent: "Twitterbot/1.0",
    card: { width: 500, height: 250, layout: "large" },
    image: {
      minWidth: 300,
      minHeight: 157,
      recommendedWidth: 1200,
      recommendedHeight: 600,
      maxBytes: 5 * MB,
      maxWidth: 4096,
      maxHeight: 4096,
    },
    titleMax: 70,
    descriptionMax: 200,
  },
  linkedin: {
    label: "LinkedIn",
    userAgent: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    card: { width: 500, height: 261, layout: "large" },
    image: {
      minWidth: 1200,
      minHeight: 627,
      recommendedWidth: 1200,
      recommendedHeight: 627,
      maxBytes: 5 * MB,
    },
    titleMax: 119,
    descriptionMax: 160,
  },
  whatsapp: {
    label: "WhatsApp",
    userAgent: "WhatsApp/2.24.23.78 A",
    card: { width: 330, height: 173, layout: "large" },
    // WhatsApp drops images above about 600 KB and shows a small thumbnail below 300 px wide.
    image: {
      minWidth: 300,
      minHeight: 157,
      recommendedWidth: 1200,
      recommendedHeight: 630,
      maxBytes: 600 * 1024,
    },
    titleMax: 65,
    descriptionMax: 80,
  },
};

// ── The page's head ──────────────────────────────────────────────────────────────────────────

export interface PageHead {
  title: string | null;
  /** meta name=… and meta property=… (lower-cased keys), first value each. */
  meta: Record<string, string>;
  canonical: string | null;
  /** The JSON-LD blocks' @type values (or "invalid JSON"). */
  jsonLdTypes: string[];
  jsonLdErrors: number;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g))
    out[m[1]!.toLowerCase()] = decodeEntities(m[3] ?? m[4] ?? m[5] ?? "");
  return out;
}

function typesOf(node: unknown, into: string[]): void {
  if (Array.isArray(node)) return node.forEach((n) => typesOf(n, into));
  if (!node || typeof node !== "object") return;
  const t = (node as Record<string, unknown>)["@type"];
  if (typeof t === "string") into.push(t);
  else if (Array.isArray(t)) into.push(...t.filter((x): x is string => typeof x === "string"));
  const graph = (node as Record<string, unknown>)["@graph"];
  if (graph) typesOf(graph, into);
}

/** Reads what crawlers read from an HTML document's head. */
export function readHead(html: string): PageHead {
  const head = html.split(/<\/head>/i)[0] ?? html;
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const a = attrs(m[0]);
    const key = (a.property ?? a.name)?.toLowerCase();
    if (key && a.content !== undefined && !(key in meta)) meta[key] = a.content;
  }
  let canonical: string | null = null;
  for (const m of head.matchAll(/<link\b[^>]*>/gi)) {
    const a = attrs(m[0]);
    if (a.rel?.toLowerCase().split(/\s+/).includes("canonical") && a.href) {
      canonical = a.href;
      break;
    }
  }
  const jsonLdTypes: string[] = [];
  let jsonLdErrors = 0;
  for (const m of html.matchAll(
    /<script\b[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    try {
      typesOf(JSON.parse(m[1]!), jsonLdTypes);
    } catch {
      jsonLdErrors++;
    }
  }
  return { title: title ? decodeEntities(title.trim()) : null, meta, canonical, jsonLdTypes, jsonLdErrors };
}

// ── Image size from the first bytes ──────────────────────────────────────────────────────────

export interface ImageInfo {
  type: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  width: number;
  height: number;
}

/** Pixel size of a PNG, JPEG, GIF or WebP from its bytes (null for anything else). */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  const u16be = (i: number) => (b[i]! << 8) | b[i + 1]!;
  const u16le = (i: number) => b[i]! | (b[i + 1]! << 8);
  const u24le = (i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
  const u32be = (i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
  if (b.length >= 24 && b[0] === 0x89 && ascii(1, 3) === "PNG")
    return { type: "image/png", width: u32be(16), height: u32be(20) };
  if (b.length >= 10 && ascii(0, 3) === "GIF")
    return { type: "image/gif", width: u16le(6), height: u16le(8) };
  if (b.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") {
    const chunk = ascii(12, 4);
    if (chunk === "VP8 ")
      return { type: "image/webp", width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { type: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { type: "image/webp", width: u24le(24) + 1, height: u24le(27) + 1 };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      const len = u16be(i + 2);
      // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { type: "image/jpeg", height: u16be(i + 5), width: u16be(i + 7) };
      i += 2 + len;
    }
  }
  return null;
}

// ── One network's view of a page ─────────────────────────────────────────────────────────────

export const checkedImageSchema = z.object({
  url: z.string(),
  /** null when the image could not be fetched or read. */
  status: z.number().nullable(),
  bytes: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  type: z.string().nullable(),
  /** The og:image:width/height the page declares. */
  declaredWidth: z.number().nullable(),
  declaredHeight: z.number().nullable(),
});
export type CheckedImage = z.output<typeof checkedImageSchema>;

export const networkPreviewSchema = z.object({
  network: z.enum(NETWORKS),
  userAgent: z.string(),
  status: z.number(),
  finalUrl: z.string(),
  redirects: z.array(z.string()),
  title: z.string().nullable(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  type: z.string().nullable(),
  canonical: z.string().nullable(),
  card: z.string().nullable(),
  jsonLdTypes: z.array(z.string()),
  image: checkedImageSchema.nullable(),
  imageAlt: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type NetworkPreview = z.output<typeof networkPreviewSchema>;

export const socialDebugAnswerSchema = z.object({
  url: z.string(),
  checkedAt: z.string(),
  networks: z.array(networkPreviewSchema),
});
export type SocialDebugAnswer = z.output<typeof socialDebugAnswerSchema>;

const kb = (n: number) => (n >= MB ? `${(n / MB).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

/** What one network shows for a page, and what is wrong with it against that network's limits. */
export function networkPreview(
  network: Network,
  page: { status: number; finalUrl: string; redirects: string[]; head: PageHead; jsonLdErrors?: number },
  image: CheckedImage | null,
): NetworkPreview {
  const rules = NETWORK_RULES[network];
  const m = page.head.meta;
  const pick = (...keys: string[]) => keys.map((k) => m[k]).find((v) => v !== undefined && v !== "") ?? null;
  const title =
    network === "x"
      ? (pick("twitter:title", "og:title") ?? page.head.title)
      : (pick("og:title") ?? page.head.title);
  const description =
    network === "x"
      ? pick("twitter:description", "og:description", "description")
      : pick("og:description", "description");
  const warnings: string[] = [];
  if (page.status !== 200)
    warnings.push(`The page answers ${page.status}: ${rules.label} shows no card for it`);
  if (!pick("og:title")) warnings.push("og:title is missing");
  if (!title) warnings.push("No title at all");
  else if (title.length > rules.titleMax)
    warnings.push(
      `The title is ${title.length} characters: ${rules.label} cuts it after about ${rules.titleMax}`,
    );
  if (!description) warnings.push("No description (og:description / description)");
  else if (description.length > rules.descriptionMax)
    warnings.push(
      `The description is ${description.length} characters: ${rules.label} shows about ${rules.descriptionMax}`,
    );
  if (!pick("og:type")) warnings.push("og:type is missing");
  if (!page.head.canonical) warnings.push("No canonical link");
  if (!pick("og:url")) warnings.push("og:url is missing");
  if (network === "x" && !pick("twitter:card"))
    warnings.push("twitter:card is missing: X shows a plain link");
  if (page.jsonLdErrors) warnings.push(`${page.jsonLdErrors} JSON-LD block(s) are not valid JSON`);
  if (!pick("og:image")) warnings.push("og:image is missing: no picture in the card");
  if (image) {
    const r = rules.image;
    if (image.status !== 200)
      warnings.push(`The image answers ${image.status ?? "nothing"}: the card has no picture`);
    else {
      if (image.width === null || image.height === null)
        warnings.push("The image is not a PNG, JPEG, GIF or WebP the networks read");
      else {
        if (image.width < r.minWidth || image.height < r.minHeight)
          warnings.push(
            `The image is ${image.width}×${image.height}: ${rules.label} needs at least ${r.minWidth}×${r.minHeight}`,
          );
        else if (image.width < r.recommendedWidth || image.height < r.recommendedHeight)
          warnings.push(
            `The image is ${image.width}×${image.height}: ${rules.label} recommends ${r.recommendedWidth}×${r.recommendedHeight}`,
          );
        if ((r.maxWidth && image.width > r.maxWidth) || (r.maxHeight && image.height > r.maxHeight))
          warnings.push(`The image is larger than ${r.maxWidth}×${r.maxHeight}`);
        if (
          image.declaredWidth !== null &&
          image.declaredHeight !== null &&
          (image.declaredWidth !== image.width || image.declaredHeight !== image.height)
        )
          warnings.push(
            `og:image:width/height say ${image.declaredWidth}×${image.declaredHeight} but the image is ${image.width}×${image.height}`,
          );
      }
      if (image.bytes !== null && image.bytes > r.maxBytes)
        warnings.push(`The image weighs ${kb(image.bytes)}: ${rules.label} takes at most ${kb(r.maxBytes)}`);
    }
  }
  return {
    network,
    userAgent: rules.userAgent,
    status: page.status,
    finalUrl: page.finalUrl,
    redirects: page.redirects,
    title,
    description,
    siteName: pick("og:site_name"),
    type: pick("og:type"),
    canonical: page.head.canonical,
    card: pick("twitter:card"),
    jsonLdTypes: page.head.jsonLdTypes,
    image,
    imageAlt: pick("og:image:alt", "twitter:image:alt"),
    warnings,
  };
}

/** The social debug endpoints of the edge (admin token). */
export const SOCIAL_DEBUG_PATH = "/api/social-debug";
export const SOCIAL_DEBUG_PURGE_PATH = "/api/social-debug/purge";
export const socialDebugPurgeAnswerSchema = z.object({ purged: z.array(z.string()), url: z.string() });
