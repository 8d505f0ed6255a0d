/**
 * The public site's page table, consumed by the shell's router (app/router.tsx).
 * Keys are the public route patterns of core/routes.ts; every page is lazy so the initial
 * public bundle stays small and never pulls back-office code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type Page = LazyExoticComponent<ComponentType>;

/** Lazy too: the back-office, which shares the entry, never downloads the site's header and footer. */
export const PublicLayout = lazy(() =>
  import("./public-layout.tsx").then((m) => ({ default: m.PublicLayout })),
);

export const publicPages: Record<string, Page> = {
  "/": lazy(() => import("./pages/home-page.tsx")),
  "/about": lazy(() => import("./pages/about-page.tsx")),
  "/services": lazy(() => import("./pages/services-page.tsx")),
  "/services/:service": lazy(() => import("./pages/service-page.tsx")),
  "/associations": lazy(() => import("./pages/associations-page.tsx")),
  "/contact": lazy(() => import("./pages/contact-page.tsx")),
  "/compliance": lazy(() => import("./pages/compliance-page.tsx")),
  "/privacy-policy": lazy(() => import("./pages/privacy-page.tsx")),
  "/terms-of-service": lazy(() => import("./pages/terms-page.tsx")),
  "/blog": lazy(() => import("./pages/blog-list-page.tsx")),
  "/blog/:slug": lazy(() => import("./pages/blog-post-page.tsx")),
  "/properties": lazy(() => import("./pages/properties-page.tsx")),
  "/property/:slug": lazy(() => import("./pages/property-page.tsx")),
  "/invoice/:invoiceId": lazy(() => import("./pages/invoice-page.tsx")),
  "/share/property/:slug?": lazy(() => import("./pages/share-property-page.tsx")),
  "/share/blog/:slug?": lazy(() => import("./pages/share-blog-page.tsx")),
  "/appointment": lazy(() => import("./pages/appointment-page.tsx")),
};

/** Root pages of the single-purpose hosts (spec §2 "Host-dependent root path"). */
export const hostRootPages: Record<"consult" | "bookings" | "request" | "collab", Page> = {
  consult: lazy(() => import("./pages/consultation-page.tsx")),
  bookings: lazy(() => import("./pages/bookings-page.tsx")),
  request: lazy(() => import("./pages/property-request-page.tsx")),
  collab: lazy(() => import("./pages/collab-page.tsx")),
};
