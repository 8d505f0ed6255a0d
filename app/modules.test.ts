/** The module registry: every module.ts and pages.ts is checked against core's route table. */
import { describe, expect, it } from "vitest";
import { ROUTES } from "#core/routes.ts";
import fs from "node:fs";
import path from "node:path";
import { DASHBOARD_LAYOUT, WIDGETS, widgetsFor } from "./dashboard-widgets.ts";
import { FIELD_MODULES } from "./field-modules.ts";
import { loadModulePages, pageIn } from "./module-pages.ts";
import { furtherRoutes, MODULES, moduleForPath, modulesFor } from "./modules.ts";

/** Every module with its pages. */
const all = () => Promise.all(MODULES.map(async (m) => ({ m, pages: await loadModulePages(m.id) })));

describe("module registry", () => {
  it("finds the modules built so far, each with a unique id and path from the route table", async () => {
    const ids = MODULES.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["dashboard", "settings", "team-chat"]));
    expect(new Set(ids).size, "unique ids").toBe(ids.length);
    const paths = (await all()).flatMap(({ m, pages }) => [
      m.route.path,
      ...pages.routes.map((r) => r.route.path),
    ]);
    expect(new Set(paths).size, "no path claimed twice").toBe(paths.length);
    for (const p of paths)
      expect(
        ROUTES.some((r) => r.path === p),
        `${p} is in core/routes.ts`,
      ).toBe(true);
  });

  it("resolves pages by path and leaves unbuilt routes to the not-built page", async () => {
    expect(moduleForPath("/dashboard")?.id).toBe("dashboard");
    expect(moduleForPath("/admin/team")?.id).toBe("team-chat");
    expect(moduleForPath("/no-such-module")).toBeNull();
    // Further routes belong to the module with the longest main path above them.
    expect(moduleForPath("/settings/team/invite")?.id).toBe("team");
    expect(moduleForPath("/admin/blog/strategy")?.id).toBe("blog-strategy");
    expect(moduleForPath("/admin/blog/edit/:postId")?.id).toBe("blog-admin");
    for (const { m, pages } of await all()) {
      expect(pageIn(pages, m.route.path, m.route.path), m.id).toBe(pages.page);
      for (const r of pages.routes) {
        expect(moduleForPath(r.route.path), `${r.route.path} finds ${m.id}`).toBe(m);
        expect(pageIn(pages, r.route.path, m.route.path)).toBe(r.page);
      }
    }
    // The palette lists further routes from the route table: exactly the ones pages.ts builds.
    for (const { m, pages } of await all())
      expect(
        furtherRoutes(m)
          .map((r) => r.path)
          .sort(),
        m.id,
      ).toEqual(pages.routes.map((r) => r.route.path).sort());
    const settings = await loadModulePages("settings");
    expect(pageIn(settings, "/settings/not-built", "/settings")).toBeNull();
  });

  it("gives every path outside the frame a field page of its own (the router sends it there)", async () => {
    const outside = (await all())
      .flatMap(({ m, pages }) => [m.route, ...pages.routes.map((r) => r.route)])
      .filter((r) => r.layout !== "dashboard");
    expect(outside.map((r) => r.path)).toContain("/leads-hunt");
    for (const r of outside)
      expect(
        FIELD_MODULES.map((f) => f.module.route.path),
        `${r.path} is a field page's main path`,
      ).toContain(r.path);
    for (const f of FIELD_MODULES) {
      expect(moduleForPath(f.module.route.path)).toBe(f.module);
      expect(await loadModulePages(f.module.id)).toBe(f.pages);
    }
  });

  it("shows each role only what it may open; users without a back-office role see no data module", () => {
    const of = (role: string | null) => modulesFor(role).map((m) => m.id);
    expect(of("admin")).toContain("team-chat");
    expect(of("staff")).not.toContain("team-chat");
    expect(of("staff")).toContain("dashboard");
    expect(of(null).sort()).toEqual(["dashboard", "settings"]);
    for (const m of modulesFor(null))
      expect(["login"], `${m.id} open to anyone signed in`).toContain(m.access);
  });

  it("lays out every dashboard widget once, each for its roles and from modules the role may open", () => {
    const ids = WIDGETS.map((w) => w.id);
    expect(new Set(ids).size, "one definition per widget").toBe(ids.length);
    expect([...ids].sort(), "the layout lists every widget, and only those").toEqual(
      [...DASHBOARD_LAYOUT].sort(),
    );
    expect(ids, "in layout order").toEqual(DASHBOARD_LAYOUT);
    for (const w of WIDGETS)
      expect(
        MODULES.map((m) => m.id),
        `${w.id}'s module`,
      ).toContain(w.module);
    const of = (role: string | null) => widgetsFor(role).map((w) => w.id);
    expect(of("admin")).toEqual(expect.arrayContaining(["team-online", "pipeline", "announcements"]));
    expect(of("admin")).not.toContain("my-tasks");
    expect(of("staff")).toEqual(expect.arrayContaining(["my-tasks", "announcements"]));
    expect(of("staff"), "admin-only and from modules staff may not open").not.toContain("team-online");
    expect(of(null)).toEqual([]);
    for (const role of ["admin", "staff"])
      for (const w of widgetsFor(role))
        expect(
          modulesFor(role).some((m) => m.id === w.module),
          `${role} may open ${w.module}`,
        ).toBe(true);
  });

  it("loads a widget's code only when it shows, and never a module's pages for the dashboard", () => {
    // The dashboard reads widgets.ts files (strings and lazy components), not pages.ts.
    const app = import.meta.dirname;
    for (const file of ["dashboard-widgets.ts", "features/dashboard/dashboard-page.tsx"])
      expect(fs.readFileSync(path.join(app, file), "utf8"), file).not.toMatch(/module-pages|pages\.ts"/);
    for (const m of MODULES) {
      const file = path.join(app, "features", m.id, "widgets.ts");
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((x) => x[1]);
      expect(imports, `${m.id}/widgets.ts imports no component eagerly`).toEqual([
        "#app/lib/modules/define-widgets.ts",
      ]);
    }
    // Lazy until rendered: React.lazy has not started loading any widget.
    for (const w of WIDGETS)
      expect((w.component as unknown as { _payload: { _status: number } })._payload._status, w.id).toBe(-1);
  });
});
