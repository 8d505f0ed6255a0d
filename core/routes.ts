/**
 * The route table: every path the product answers, who may open it and in which
 * layout. The SPA builds its router from it; the worker uses it to answer a real 404.
 */
import { isServiceSlug } from "./services.ts";

export type Access = "public" | "login" | "staff" | "admin";
export type Layout = "public" | "dashboard" | "none";

export interface RouteDef {
  /** React Router pattern: `:param` segments. */
  path: string;
  access: Access;
  layout: Layout;
  /** Human title, also the sidebar label for back-office modules. */
  title: string;
  /** Shown in the dashboard sidebar. */
  nav?: boolean;
}

const pub = (path: string, title: string): RouteDef => ({ path, access: "public", layout: "public", title });
const office = (path: string, title: string, access: Access = "login", nav = true): RouteDef => ({
  path,
  access,
  layout: "dashboard",
  title,
  nav,
});

export const ROUTES: readonly RouteDef[] = [
  pub("/", "Home"),
  { path: "/auth", access: "public", layout: "none", title: "Sign in" },
  { path: "/auth/reset-password", access: "public", layout: "none", title: "Set a new password" },
  pub("/about", "About Us"),
  pub("/services", "Services"),
  pub("/services/:service", "Service"),
  pub("/associations", "Associations"),
  pub("/contact", "Contact"),
  pub("/compliance", "Compliance"),
  pub("/privacy-policy", "Privacy Policy"),
  pub("/terms-of-service", "Terms of Service"),
  pub("/blog", "Blog"),
  pub("/blog/:slug", "Blog post"),
  pub("/properties", "Properties"),
  pub("/property/:slug", "Property"),
  pub("/invoice/:invoiceId", "Invoice"),
  pub("/share/property/:slug?", "Share property"),
  pub("/share/blog/:slug?", "Share post"),
  pub("/property-request-form", "Property request"),
  pub("/consultation", "Book a consultation"),
  pub("/appointment", "Your appointment"),

  office("/dashboard", "Dashboard"),
  office("/reports", "Reports"),
  office("/properties-admin", "Properties"),
  office("/properties-admin/new", "New listing", "login", false),
  office("/properties-admin/:id", "Listing", "login", false),
  office("/business-contacts", "Business Contacts"),
  office("/business-contacts/new", "New contact", "login", false),
  office("/business-contacts/import", "Import contacts", "login", false),
  office("/business-contacts/:id", "Contact", "login", false),
  office("/deals", "Deals"),
  office("/deals/new", "New deal", "login", false),
  office("/deals/:id", "Deal", "login", false),
  office("/tasks", "Tasks"),
  office("/tasks/:id", "Task", "login", false),
  office("/todos", "Todos"),
  office("/goals", "Goals"),
  office("/finances", "Finances"),
  office("/invoices-receipts", "Invoices & Receipts"),
  office("/invoices-receipts/new", "New invoice", "login", false),
  office("/invoices-receipts/:id", "Invoice", "login", false),
  office("/payments", "Payments"),
  office("/payments/new", "Record a payment", "login", false),
  office("/payments/:id", "Receipt", "login", false),
  office("/files", "Files"),
  office("/email-marketing", "Email Marketing"),
  office("/email-marketing/campaigns/:id", "Campaign", "login", false),
  office("/action-plans", "Action Plans"),
  office("/action-plans/new", "New action plan", "login", false),
  office("/action-plans/:planId", "Action plan", "login", false),
  office("/announcements", "Announcements"),
  office("/consultations", "Consultations"),
  office("/consultations/:id", "Consultation", "login", false),
  office("/booking-management", "Booking Management"),
  office("/booking-management/:id", "Viewing", "login", false),
  office("/contact-submissions", "Contact Submissions"),
  office("/contact-submissions/:id", "Message", "login", false),
  office("/events", "Events"),
  office("/events/:id", "Event", "login", false),
  office("/property-requests", "Property Requests", "staff"),
  office("/property-requests/:id", "Request", "staff", false),
  office("/admin/blog", "Blog", "staff"),
  office("/admin/blog/new", "New post", "staff", false),
  office("/admin/blog/edit/:postId", "Edit post", "staff", false),
  office("/admin/blog/strategy", "Blog Strategy", "staff"),
  office("/admin/team", "Team Chat", "admin"),
  office("/admin/sitemaps", "Sitemaps", "admin"),
  office("/social-debug", "Social Debug", "admin"),
  office("/property-hunt", "Property Hunt", "admin"),
  office("/property-hunt/new", "New hunt", "admin", false),
  office("/property-hunt/:id", "Hunt", "admin", false),
  office("/collaboration-management", "Collaborations", "admin"),
  office("/collaboration-management/:id", "Partner", "admin", false),
  office("/title-checks", "Title Checks"),
  office("/title-checks/listing/:propertyId", "Listing title checks", "login", false),
  office("/settings", "Settings"),
  office("/settings/team", "Team & users", "admin"),
  office("/settings/team/invite", "Invite a team member", "admin", false),
  { path: "/leads-hunt", access: "login", layout: "none", title: "Leads Hunt" },
];

/** Matches a concrete pathname against a pattern; returns params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const norm = (p: string) => (p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p);
  const pat = norm(pattern).split("/");
  const got = norm(pathname).split("/");
  const params: Record<string, string> = {};
  for (let i = 0; i < pat.length; i++) {
    const seg = pat[i]!;
    const value = got[i];
    if (seg.startsWith(":")) {
      const optional = seg.endsWith("?");
      const name = seg.slice(1, optional ? -1 : undefined);
      if (value === undefined || value === "") {
        if (optional && i === pat.length - 1) continue;
        return null;
      }
      params[name] = decodeURIComponent(value);
    } else if (seg !== value) {
      return null;
    }
  }
  return got.length <= pat.length ? params : null;
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** The route a pathname belongs to, or null (→ the not-found page, HTTP 404 at the edge). */
export function findRoute(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.path === "/services/:service" && !isServiceSlug(params.service ?? "")) continue;
    return { route, params };
  }
  return null;
}

/**
 * The access a back-office route really needs: the spec guards most modules
 * with "login" only, but a signed-in user without a back-office role (a visitor who signed up,
 * later a partner) must not see back-office data. Such routes need staff; a user's own settings
 * and the dashboard (which then explains that no role is set) stay open to any signed-in user.
 */
export function requiredAccess(def: Pick<RouteDef, "path" | "access" | "layout">): Access {
  const backOffice = def.layout === "dashboard" || def.path === "/leads-hunt";
  if (backOffice && def.access === "login" && def.path !== "/settings" && def.path !== "/dashboard")
    return "staff";
  return def.access;
}

/** May a user with this role (null = signed out) open a route of this access level? */
export function canAccess(access: Access, signedIn: boolean, role: string | null | undefined): boolean {
  switch (access) {
    case "public":
      return true;
    case "login":
      return signedIn;
    case "staff":
      return signedIn && (role === "admin" || role === "staff");
    case "admin":
      return signedIn && role === "admin";
  }
}
