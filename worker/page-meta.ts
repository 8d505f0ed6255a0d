/**
 * Which page a path is and what its head says: resolves a pathname (on a host) to an HTTP status
 * and PageMeta — static pages, service pages, listings and posts from live published data, the
 * single-purpose hosts' root pages, and the not-found page (HTTP 404) for paths outside the route
 * table and for unknown or unpublished slugs.
 */
import { originOf, type HostKind } from "#core/hosts.ts";
import { GALLERY_IMAGE, publicImageSrcSet, publicImageUrl } from "#core/images.ts";
import { findRoute } from "#core/routes.ts";
import type { PublicBlogPost, PublicProperty } from "#core/schemas/content.ts";
import { isServiceSlug } from "#core/services.ts";
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  DEFAULT_DESCRIPTION,
  DEFAULT_OG_IMAGE,
  organizationJsonLd,
  postShareText,
  propertyJsonLd,
  propertyShareText,
  truncate,
  withSiteName,
  type MetaImage,
  type PageMeta,
} from "#core/seo/meta.ts";
import { HOST_ROOT_PAGES, SERVICE_INFO, STATIC_PAGES } from "#core/seo/pages.ts";
import { TEXT } from "#core/constants.ts";
import type { ContentSource } from "./content.ts";
import { storagePublicUrl, type EdgeContext } from "./env.ts";
import { cached } from "./edge-cache.ts";

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta;
}

/** A page that moved: a renamed listing's or post's old URL. */
export interface MovedPage {
  status: 301;
  location: string;
}

const RASTER = /\.(jpe?g|png|webp|gif|avif)$/i;
const LOOKUP_CACHE = { memoryMs: 15_000, edgeSeconds: 120, nullMemoryMs: 3_000 };

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

function defaultImage(ctx: EdgeContext): MetaImage {
  return {
    url: `${ctx.mainOrigin}${DEFAULT_OG_IMAGE.path}`,
    width: DEFAULT_OG_IMAGE.width,
    height: DEFAULT_OG_IMAGE.height,
    alt: DEFAULT_OG_IMAGE.alt,
    type: "image/jpeg",
  };
}

export function orgJsonLd(ctx: EdgeContext): Record<string, unknown> {
  return organizationJsonLd(ctx.mainOrigin, `${ctx.mainOrigin}${DEFAULT_OG_IMAGE.path}`, ctx.reacLicence);
}

function imageType(path: string): string | undefined {
  const ext = path.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext === "jpg" || ext === "jpeg"
    ? "image/jpeg"
    : ext === "png"
      ? "image/png"
      : ext === "webp"
        ? "image/webp"
        : undefined;
}

/** The edge-cache keys of the lookups a listing or post page is made from. */
export const LOOKUP_KEYS = {
  property: (slug: string) => `property:${slug}`,
  propertyRedirect: (slug: string) => `property-redirect:${slug}`,
  post: (slug: string) => `post:${slug}`,
  postRedirect: (slug: string) => `post-redirect:${slug}`,
};

/** What the edge caches to answer a path (social debug's purge); none for pages built from code. */
export function lookupKeysFor(pathname: string): string[] {
  const match = findRoute(normalizePath(pathname));
  const slug = match?.params.slug;
  if (!match || !slug) return [];
  if (match.route.path === "/property/:slug" || match.route.path === "/share/property/:slug?")
    return [LOOKUP_KEYS.property(slug), LOOKUP_KEYS.propertyRedirect(slug)];
  if (match.route.path === "/blog/:slug" || match.route.path === "/share/blog/:slug?")
    return [LOOKUP_KEYS.post(slug), LOOKUP_KEYS.postRedirect(slug)];
  return [];
}

/** Listing lookups are cached at the edge (and keyed by the content version). */
export function cachedProperty(content: ContentSource, slug: string): Promise<PublicProperty | null> {
  return cached(LOOKUP_KEYS.property(slug), LOOKUP_CACHE, () => content.propertyBySlug(slug));
}

/** Where a listing's old slug points now (cached like the listings), or null. */
export function cachedPropertyRedirect(content: ContentSource, oldSlug: string): Promise<string | null> {
  return cached(LOOKUP_KEYS.propertyRedirect(oldSlug), LOOKUP_CACHE, () => content.propertyRedirect(oldSlug));
}

/** Where a post's old slug points now (cached like the posts), or null. */
export function cachedPostRedirect(content: ContentSource, oldSlug: string): Promise<string | null> {
  return cached(LOOKUP_KEYS.postRedirect(oldSlug), LOOKUP_CACHE, () => content.postRedirect(oldSlug));
}

export function cachedPost(content: ContentSource, slug: string): Promise<PublicBlogPost | null> {
  return cached(LOOKUP_KEYS.post(slug), LOOKUP_CACHE, () => content.postBySlug(slug));
}

export function propertyMeta(ctx: EdgeContext, p: PublicProperty): PageMeta {
  const url = `${ctx.mainOrigin}/property/${p.slug}`;
  const ordered = [...p.property_images].sort((a, b) => a.position - b.position);
  const images = ordered.map((i) => storagePublicUrl(ctx, i.storage_path));
  const raster = ordered.find((i) => RASTER.test(i.storage_path));
  const { title, description } = propertyShareText(p);
  const org = orgJsonLd(ctx);
  return {
    title,
    description,
    canonical: url,
    ogType: "website",
    image: raster
      ? {
          url: storagePublicUrl(ctx, raster.storage_path),
          width: raster.width ?? 1200,
          height: raster.height ?? 630,
          alt: raster.alt_text ?? p.title,
          type: imageType(raster.storage_path),
        }
      : defaultImage(ctx),
    // Same-origin, exactly as the SPA's gallery names its first photo (core/images.ts).
    lcpImage: ordered[0] && {
      href: publicImageUrl(ordered[0].storage_path),
      srcset: publicImageSrcSet(ordered[0].storage_path, GALLERY_IMAGE.widths),
      sizes: GALLERY_IMAGE.sizes,
      alt: ordered[0].alt_text ?? `${p.title}, photo 1`,
      width: ordered[0].width ?? 1200,
      height: ordered[0].height ?? 800,
    },
    jsonLd: [
      org,
      propertyJsonLd(p, url, images, org),
      breadcrumbJsonLd([
        { name: "Home", url: `${ctx.mainOrigin}/` },
        { name: "Properties", url: `${ctx.mainOrigin}/properties` },
        { name: p.title, url },
      ]),
    ],
  };
}

export function postMeta(ctx: EdgeContext, post: PublicBlogPost): PageMeta {
  const url = `${ctx.mainOrigin}/blog/${post.slug}`;
  const cover = post.cover_image_url ? storagePublicUrl(ctx, post.cover_image_url) : null;
  const org = orgJsonLd(ctx);
  return {
    ...postShareText(post),
    canonical: url,
    ogType: "article",
    image:
      cover && RASTER.test(cover)
        ? {
            url: cover,
            width: 1200,
            height: 630,
            alt: post.cover_image_alt ?? post.title,
            type: imageType(cover),
          }
        : defaultImage(ctx),
    lcpImage: post.cover_image_url
      ? {
          href: publicImageUrl(post.cover_image_url),
          alt: post.cover_image_alt ?? "",
          width: 1200,
          height: 675,
        }
      : undefined,
    article: {
      publishedTime: post.published_at,
      modifiedTime: post.updated_at,
      author: post.author_name ?? null,
      tags: post.tags ?? [],
    },
    jsonLd: [
      org,
      blogPostingJsonLd(post, url, cover, org),
      breadcrumbJsonLd([
        { name: "Home", url: `${ctx.mainOrigin}/` },
        { name: "Blog", url: `${ctx.mainOrigin}/blog` },
        { name: post.title, url },
      ]),
    ],
  };
}

function simpleMeta(
  ctx: EdgeContext,
  opts: {
    title: string;
    description: string;
    canonical: string;
    robots?: string;
    crumbs?: { name: string; url: string }[];
  },
): PageMeta {
  const jsonLd: Record<string, unknown>[] = [orgJsonLd(ctx)];
  if (opts.crumbs) jsonLd.push(breadcrumbJsonLd(opts.crumbs));
  return {
    title: withSiteName(opts.title),
    description: opts.description,
    canonical: opts.canonical,
    ogType: "website",
    image: defaultImage(ctx),
    robots: opts.robots,
    jsonLd,
  };
}

export function notFoundMeta(ctx: EdgeContext, pathname: string): PageMeta {
  return simpleMeta(ctx, {
    title: TEXT.notFoundTitle,
    description: `There is no page at ${truncate(pathname, 100)}. Browse our properties, read the blog or contact us.`,
    canonical: `${ctx.mainOrigin}${pathname}`,
    robots: "noindex, follow",
  });
}

const ROOT_PAGE_HOSTS: HostKind[] = ["consult", "bookings", "request", "collab"];

/**
 * Resolves a GET navigation. Host redirects are decided before (host-routing.ts); here the path
 * is a page of this host. Throws ContentUnavailableError when the database cannot be reached.
 */
export async function resolvePage(
  ctx: EdgeContext,
  rawPath: string,
  content: ContentSource,
): Promise<ResolvedPage | MovedPage> {
  const pathname = normalizePath(rawPath);
  const home = `${ctx.mainOrigin}/`;

  if (pathname === "/" && ROOT_PAGE_HOSTS.includes(ctx.hostKind)) {
    const kind = ctx.hostKind as (typeof ROOT_PAGE_HOSTS)[number] & keyof typeof HOST_ROOT_PAGES;
    const page = HOST_ROOT_PAGES[kind];
    return {
      status: 200,
      meta: simpleMeta(ctx, {
        title: page.title,
        description: page.description,
        canonical: `${originOf(kind, ctx.hosts)}/`,
        robots: kind === "collab" ? "noindex, nofollow" : undefined,
      }),
    };
  }

  const match = findRoute(pathname);
  if (!match) return { status: 404, meta: notFoundMeta(ctx, pathname) };
  const { route, params } = match;

  switch (route.path) {
    case "/property/:slug": {
      const p = await cachedProperty(content, params.slug ?? "");
      if (p) return { status: 200, meta: propertyMeta(ctx, p) };
      // A renamed listing keeps its old links (shared on WhatsApp, indexed): permanently moved.
      const moved = await cachedPropertyRedirect(content, params.slug ?? "");
      if (moved) return { status: 301, location: `/property/${encodeURIComponent(moved)}` };
      return { status: 404, meta: notFoundMeta(ctx, pathname) };
    }
    case "/blog/:slug": {
      const post = await cachedPost(content, params.slug ?? "");
      if (post) return { status: 200, meta: postMeta(ctx, post) };
      // A renamed post keeps its old links, like a renamed listing.
      const moved = await cachedPostRedirect(content, params.slug ?? "");
      if (moved) return { status: 301, location: `/blog/${encodeURIComponent(moved)}` };
      return { status: 404, meta: notFoundMeta(ctx, pathname) };
    }
    case "/invoice/:invoiceId": {
      // A real 404 for an unknown or draft invoice, like unknown listings and posts.
      const id = (params.invoiceId ?? "").toLowerCase();
      const known = await cached(`invoice:${id}`, LOOKUP_CACHE, async () =>
        (await content.invoiceIsPublic(id)) ? true : null,
      );
      if (!known) return { status: 404, meta: notFoundMeta(ctx, pathname) };
      break;
    }
    case "/services/:service": {
      const slug = params.service ?? "";
      const info = isServiceSlug(slug) ? SERVICE_INFO[slug] : null;
      if (!info) return { status: 404, meta: notFoundMeta(ctx, pathname) };
      return {
        status: 200,
        meta: simpleMeta(ctx, {
          title: info.title,
          description: info.description,
          canonical: `${ctx.mainOrigin}${pathname}`,
          crumbs: [
            { name: "Home", url: home },
            { name: "Services", url: `${ctx.mainOrigin}/services` },
            { name: info.title, url: `${ctx.mainOrigin}${pathname}` },
          ],
        }),
      };
    }
  }

  const info = STATIC_PAGES[pathname];
  const isBackOffice = route.layout === "dashboard" || route.access !== "public";
  if (info) {
    const isCrmProperties = pathname === "/properties" && ctx.hostKind === "crm";
    return {
      status: 200,
      meta: simpleMeta(ctx, {
        title: isCrmProperties ? "Properties" : info.title,
        description: info.description ?? DEFAULT_DESCRIPTION,
        canonical: `${ctx.mainOrigin}${pathname}`,
        robots: info.indexable && !isCrmProperties ? undefined : "noindex, nofollow",
        crumbs:
          pathname === "/"
            ? undefined
            : [
                { name: "Home", url: home },
                { name: info.title, url: `${ctx.mainOrigin}${pathname}` },
              ],
      }),
    };
  }
  return {
    status: 200,
    meta: simpleMeta(ctx, {
      title: route.title,
      description: DEFAULT_DESCRIPTION,
      canonical: `${isBackOffice ? `${ctx.hosts.protocol}://${ctx.host}` : ctx.mainOrigin}${pathname}`,
      robots: "noindex, nofollow",
    }),
  };
}
