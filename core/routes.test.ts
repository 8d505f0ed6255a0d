import { describe, expect, it } from "vitest";
import { canAccess, findRoute, matchPath, ROUTES } from "./routes.ts";
import { SERVICE_SLUGS } from "./services.ts";

describe("matchPath", () => {
  it("extracts params and ignores a trailing slash", () => {
    expect(matchPath("/blog/:slug", "/blog/buying-land-in-ghana/")).toEqual({ slug: "buying-land-in-ghana" });
    expect(matchPath("/blog/:slug", "/blog")).toBeNull();
    expect(matchPath("/blog/:slug", "/blog/a/b")).toBeNull();
  });
  it("handles an optional last param", () => {
    expect(matchPath("/share/property/:slug?", "/share/property")).toEqual({});
    expect(matchPath("/share/property/:slug?", "/share/property/x")).toEqual({ slug: "x" });
  });
});

describe("the route table", () => {
  it("lists every public route of the spec", () => {
    for (const p of [
      "/auth",
      "/about",
      "/services",
      "/associations",
      "/contact",
      "/compliance",
      "/privacy-policy",
      "/terms-of-service",
      "/blog",
      "/properties",
    ]) {
      expect(findRoute(p)?.route.access, p).toBe("public");
    }
    expect(findRoute("/property/east-legon-villa")?.params).toEqual({ slug: "east-legon-villa" });
    expect(findRoute("/invoice/3f1c")?.params).toEqual({ invoiceId: "3f1c" });
  });

  it("knows all 14 service pages and nothing else under /services/", () => {
    expect(SERVICE_SLUGS).toHaveLength(14);
    for (const s of SERVICE_SLUGS) expect(findRoute(`/services/${s}`)?.route.path).toBe("/services/:service");
    expect(findRoute("/services/astrology")).toBeNull();
  });

  it("puts back-office routes behind login in the dashboard layout", () => {
    for (const p of [
      "/dashboard",
      "/properties-admin",
      "/business-contacts",
      "/deals",
      "/tasks",
      "/todos",
      "/goals",
      "/finances",
      "/invoices-receipts",
      "/payments",
      "/files",
      "/email-marketing",
      "/announcements",
      "/consultations",
      "/booking-management",
      "/contact-submissions",
      "/events",
      "/settings",
    ]) {
      const r = findRoute(p)?.route;
      expect(r?.access, p).toBe("login");
      expect(r?.layout, p).toBe("dashboard");
    }
    expect(findRoute("/leads-hunt")?.route).toMatchObject({ access: "login", layout: "none" });
  });

  it("assigns admin-or-staff and admin-only routes", () => {
    for (const p of [
      "/property-requests",
      "/admin/blog",
      "/admin/blog/new",
      "/admin/blog/edit/42",
      "/admin/blog/strategy",
    ])
      expect(findRoute(p)?.route.access, p).toBe("staff");
    for (const p of [
      "/admin/team",
      "/admin/sitemaps",
      "/social-debug",
      "/property-hunt",
      "/collaboration-management",
    ])
      expect(findRoute(p)?.route.access, p).toBe("admin");
  });

  it("has no route for unknown paths (→ 404)", () => {
    expect(findRoute("/no-such-page")).toBeNull();
    expect(findRoute("/admin")).toBeNull();
  });

  it("has unique paths", () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
});

describe("canAccess", () => {
  it.each([
    ["public", false, null, true],
    ["login", false, null, false],
    ["login", true, null, true],
    ["staff", true, null, false],
    ["staff", true, "staff", true],
    ["staff", true, "admin", true],
    ["admin", true, "staff", false],
    ["admin", true, "admin", true],
    ["admin", false, "admin", false],
  ] as const)("%s / signed in %s / role %s → %s", (access, signedIn, role, expected) => {
    expect(canAccess(access, signedIn, role)).toBe(expected);
  });
});

describe("requiredAccess (no back-office data without a back-office role)", () => {
  const def = (path: string) => findRoute(path)!.route;
  it("login-guarded back-office modules need staff; settings, the dashboard and public pages keep theirs", async () => {
    const { requiredAccess } = await import("./routes.ts");
    expect(requiredAccess(def("/deals"))).toBe("staff");
    expect(requiredAccess(def("/leads-hunt"))).toBe("staff");
    expect(requiredAccess(def("/finances"))).toBe("staff");
    expect(requiredAccess(def("/files"))).toBe("staff");
    expect(requiredAccess(def("/settings"))).toBe("login");
    expect(requiredAccess(def("/dashboard"))).toBe("login");
    expect(requiredAccess(def("/admin/team"))).toBe("admin");
    expect(requiredAccess(def("/property-requests"))).toBe("staff");
    expect(requiredAccess(def("/properties-admin"))).toBe("staff");
    expect(requiredAccess(def("/properties-admin/6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41"))).toBe("staff");
    expect(requiredAccess(def("/blog"))).toBe("public");
  });
});
