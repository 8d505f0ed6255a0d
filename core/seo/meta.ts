/**
 * Page metadata for the edge (title, description, canonical, Open Graph, Twitter, JSON-LD) and
 * its rendering as HTML head tags. Pure; the worker injects the output into the SPA shell and the
 * share pages, the SPA may reuse the builders for client-side titles.
 */
import { COMPANY } from "../constants.ts";
import type { PublicBlogPost, PublicProperty } from "../schemas/content.ts";

export const SITE_NAME = COMPANY.name;
export const OG_LOCALE = "en_GH";
export const DEFAULT_DESCRIPTION =
  "Ghana Realty: houses, apartments, land and offices for sale and rent in Accra, Tema, Kumasi and Takoradi — licensed agents, valuations, property management and legal title support.";
/** Fallback share image (in the SPA build's public folder; 1200×630). */
export const DEFAULT_OG_IMAGE = { path: "/og-default.jpg", width: 1200, height: 630, alt: "Ghana Realty" };

export interface MetaImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type?: string;
}

export interface PageMeta {
  /** Full document title (already suffixed with the site name where wanted). */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  ogType: "website" | "article";
  image: MetaImage;
  /** e.g. "noindex, nofollow" for back-office and not-found pages. */
  robots?: string;
  article?: {
    publishedTime?: string | null;
    modifiedTime?: string | null;
    author?: string | null;
    tags?: string[];
  };
  jsonLd: Record<string, unknown>[];
  /** The page's largest image above the fold, preloaded so it does not wait for the SPA. */
  lcpImage?: { href: string; srcset?: string; sizes?: string; alt: string; width: number; height: number };
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** JSON safe inside a <script> element (no "</script>", no HTML comment openers, no U+2028/9). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Shortens to `max` characters on a word boundary, with an ellipsis. */
export function truncate(s: string, max: number): string {
  const flat = s.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const i = cut.lastIndexOf(" ");
  return `${(i > max * 0.4 ? cut.slice(0, i) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

export function withSiteName(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** `<link rel="preload">` for a page's LCP image ("" when it has none). */
export function renderLcpPreload(meta: Pick<PageMeta, "lcpImage">): string {
  const lcp = meta.lcpImage;
  if (!lcp) return "";
  const a = escapeHtml;
  return `<link rel="preload" as="image" href="${a(lcp.href)}"${lcp.srcset ? ` imagesrcset="${a(lcp.srcset)}"` : ""}${lcp.sizes ? ` imagesizes="${a(lcp.sizes)}"` : ""} fetchpriority="high">`;
}

/** The LCP image as an <img> for the loading state's slot (core/prerender.ts LCP_IMAGE_SLOT). */
export function renderLcpImage(meta: Pick<PageMeta, "lcpImage">): string {
  const lcp = meta.lcpImage;
  if (!lcp) return "";
  const a = escapeHtml;
  return `<img src="${a(lcp.href)}"${lcp.srcset ? ` srcset="${a(lcp.srcset)}"` : ""}${lcp.sizes ? ` sizes="${a(lcp.sizes)}"` : ""} alt="${a(lcp.alt)}" width="${lcp.width}" height="${lcp.height}" fetchpriority="high" decoding="async">`;
}

/** The head tags for a page. `nonce` goes on the JSON-LD scripts. */
export function renderMetaTags(meta: PageMeta, opts: { feedUrl: string; nonce?: string }): string {
  const a = (s: string) => escapeHtml(s);
  const nonce = opts.nonce ? ` nonce="${a(opts.nonce)}"` : "";
  const tags = [
    `<meta name="description" content="${a(meta.description)}">`,
    `<link rel="canonical" href="${a(meta.canonical)}">`,
    meta.robots ? `<meta name="robots" content="${a(meta.robots)}">` : "",
    `<meta property="og:site_name" content="${a(SITE_NAME)}">`,
    `<meta property="og:locale" content="${OG_LOCALE}">`,
    `<meta property="og:type" content="${meta.ogType}">`,
    `<meta property="og:title" content="${a(meta.title)}">`,
    `<meta property="og:description" content="${a(meta.description)}">`,
    `<meta property="og:url" content="${a(meta.canonical)}">`,
    `<meta property="og:image" content="${a(meta.image.url)}">`,
    meta.image.url.startsWith("https:")
      ? `<meta property="og:image:secure_url" content="${a(meta.image.url)}">`
      : "",
    meta.image.type ? `<meta property="og:image:type" content="${a(meta.image.type)}">` : "",
    `<meta property="og:image:width" content="${meta.image.width}">`,
    `<meta property="og:image:height" content="${meta.image.height}">`,
    `<meta property="og:image:alt" content="${a(meta.image.alt)}">`,
    meta.article?.publishedTime
      ? `<meta property="article:published_time" content="${a(meta.article.publishedTime)}">`
      : "",
    meta.article?.modifiedTime
      ? `<meta property="article:modified_time" content="${a(meta.article.modifiedTime)}">`
      : "",
    meta.article?.author ? `<meta property="article:author" content="${a(meta.article.author)}">` : "",
    ...(meta.article?.tags ?? []).map((t) => `<meta property="article:tag" content="${a(t)}">`),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${a(meta.title)}">`,
    `<meta name="twitter:description" content="${a(meta.description)}">`,
    `<meta name="twitter:image" content="${a(meta.image.url)}">`,
    `<meta name="twitter:image:alt" content="${a(meta.image.alt)}">`,
    `<link rel="alternate" type="application/rss+xml" title="${a(`${SITE_NAME} blog`)}" href="${a(opts.feedUrl)}">`,
    ...meta.jsonLd.map((j) => `<script type="application/ld+json"${nonce}>${jsonForScript(j)}</script>`),
  ];
  return tags.filter(Boolean).join("\n");
}

// ── JSON-LD ───────────────────────────────────────────────────────────────────────────────────

export function organizationJsonLd(
  siteUrl: string,
  logoUrl: string,
  reacLicence: string | null,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": `${siteUrl}/#organization`,
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    url: `${siteUrl}/`,
    logo: logoUrl,
    image: logoUrl,
    email: COMPANY.email,
    telephone: COMPANY.phoneE164,
    foundingDate: String(COMPANY.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: "12 Senchi Street, Airport Residential Area",
      addressLocality: "Accra",
      addressRegion: "Greater Accra",
      addressCountry: "GH",
    },
    areaServed: ["Accra", "Tema", "Kumasi", "Takoradi"].map((name) => ({ "@type": "City", name })),
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "17:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Saturday", opens: "09:00", closes: "13:00" },
    ],
    currenciesAccepted: "GHS, USD",
    paymentAccepted: "Bank transfer, Mobile money",
    ...(reacLicence
      ? { identifier: { "@type": "PropertyValue", propertyID: "REAC licence", value: reacLicence } }
      : {}),
  };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((it, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: it.name,
      item: it.url,
    })),
  };
}

const AVAILABILITY: Record<string, string> = {
  coming_soon: "https://schema.org/PreOrder",
  available: "https://schema.org/InStock",
  reserved: "https://schema.org/LimitedAvailability",
  under_offer: "https://schema.org/LimitedAvailability",
  sold: "https://schema.org/SoldOut",
  let: "https://schema.org/SoldOut",
};

const PLACE_TYPE: Record<string, string> = {
  house: "SingleFamilyResidence",
  townhouse: "House",
  apartment: "Apartment",
  land: "Landform",
  office: "Place",
  shop: "Place",
  warehouse: "Place",
};

const priceFormats = new Map<string, Intl.NumberFormat>();
function priceFormat(currency: string): Intl.NumberFormat {
  let f = priceFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-GH", { style: "currency", currency, maximumFractionDigits: 0 });
    priceFormats.set(currency, f);
  }
  return f;
}

export function formatPrice(
  p: Pick<PublicProperty, "price" | "currency" | "listing_type" | "rent_period">,
): string {
  if (p.price == null) return "Price on request";
  const amount = priceFormat(p.currency).format(Number(p.price));
  return p.listing_type === "rent" ? `${amount} per ${p.rent_period ?? "month"}` : amount;
}

/** The fields of a listing its share card and search snippet are written from. */
export type ShareableProperty = Pick<
  PublicProperty,
  | "title"
  | "description"
  | "price"
  | "currency"
  | "listing_type"
  | "rent_period"
  | "bedrooms"
  | "bathrooms"
  | "floor_area_sqm"
  | "land_size_sqm"
  | "neighbourhood"
  | "city"
  | "seo_title"
  | "seo_description"
>;

/**
 * A listing's title and description as search engines and WhatsApp/Facebook show them: the SEO
 * fields when set, else the title and a lead ("GH₵2,500,000 · For sale in East Legon, Accra · 4
 * bed, 220 m².") followed by the description, cut at 200 characters. The edge's meta tags and
 * the back-office's share preview both use it, so the preview is what people will see.
 */
export function propertyShareText(p: ShareableProperty): { title: string; description: string } {
  const where = [p.neighbourhood, p.city].filter(Boolean).join(", ");
  const facts = [
    p.bedrooms != null && p.bedrooms > 0 ? `${p.bedrooms} bed` : null,
    p.bathrooms != null && p.bathrooms > 0 ? `${p.bathrooms} bath` : null,
    p.floor_area_sqm != null
      ? `${Number(p.floor_area_sqm)} m²`
      : p.land_size_sqm != null
        ? `${Number(p.land_size_sqm)} m² land`
        : null,
  ].filter(Boolean);
  const lead = `${formatPrice(p)} · ${p.listing_type === "rent" ? "For rent" : "For sale"} in ${where}${facts.length ? ` · ${facts.join(", ")}` : ""}.`;
  return {
    title: withSiteName(p.seo_title ?? p.title),
    description: p.seo_description ?? truncate(`${lead} ${p.description ?? ""}`, 200),
  };
}

/** The fields of a post its share card and search snippet are written from. */
export type ShareablePost = Pick<PublicBlogPost, "title" | "excerpt" | "seo_title" | "seo_description">;

/**
 * A post's title and description as search engines and share cards show them: the SEO fields
 * when set, else the title and the excerpt cut at 200 characters. The edge's meta tags and the
 * blog editor's previews both use it.
 */
export function postShareText(p: ShareablePost): { title: string; description: string } {
  return {
    title: withSiteName(p.seo_title ?? p.title),
    description: p.seo_description ?? truncate(p.excerpt ?? p.title, 200),
  };
}

export function propertyJsonLd(
  p: PublicProperty,
  url: string,
  images: string[],
  org: Record<string, unknown>,
): Record<string, unknown> {
  const place: Record<string, unknown> = {
    "@type": PLACE_TYPE[p.property_type] ?? "Place",
    name: p.title,
    address: {
      "@type": "PostalAddress",
      streetAddress: p.address ?? undefined,
      addressLocality: p.neighbourhood ? `${p.neighbourhood}, ${p.city}` : p.city,
      addressRegion: p.region ?? undefined,
      addressCountry: "GH",
    },
  };
  if (p.latitude != null && p.longitude != null)
    place.geo = { "@type": "GeoCoordinates", latitude: Number(p.latitude), longitude: Number(p.longitude) };
  if (p.bedrooms != null) place.numberOfBedrooms = p.bedrooms;
  if (p.bathrooms != null) place.numberOfBathroomsTotal = p.bathrooms;
  if (p.floor_area_sqm != null)
    place.floorSize = { "@type": "QuantitativeValue", value: Number(p.floor_area_sqm), unitCode: "MTK" };
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    url,
    priceCurrency: p.currency,
    availability: AVAILABILITY[p.status] ?? "https://schema.org/InStock",
    businessFunction:
      p.listing_type === "rent"
        ? "http://purl.org/goodrelations/v1#LeaseOut"
        : "http://purl.org/goodrelations/v1#Sell",
    seller: { "@id": org["@id"] },
  };
  if (p.price != null) {
    offer.price = Number(p.price);
    if (p.listing_type === "rent")
      offer.priceSpecification = {
        "@type": "UnitPriceSpecification",
        price: Number(p.price),
        priceCurrency: p.currency,
        unitCode: p.rent_period === "year" ? "ANN" : "MON",
      };
  }
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": `${url}#listing`,
    name: p.title,
    description: p.seo_description ?? truncate(p.description ?? p.title, 300),
    url,
    image: images,
    datePosted: p.published_at ?? undefined,
    dateModified: p.updated_at,
    about: place,
    offers: offer,
  };
}

export function blogPostingJsonLd(
  post: PublicBlogPost,
  url: string,
  image: string | null,
  org: Record<string, unknown>,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    mainEntityOfPage: url,
    headline: truncate(post.title, 110),
    description: post.seo_description ?? post.excerpt ?? undefined,
    image: image ? [image] : undefined,
    datePublished: post.published_at ?? undefined,
    dateModified: post.updated_at,
    author: post.author_name ? { "@type": "Person", name: post.author_name } : { "@id": org["@id"] },
    publisher: { "@id": org["@id"] },
    keywords: post.tags && post.tags.length ? post.tags.join(", ") : undefined,
    inLanguage: "en-GH",
  };
}
