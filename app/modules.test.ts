/** The module registry: every module.ts and pages.ts is checked against core's route table. */
import { describe, expect, it } from "vitest";
import { ROUTES } from "#core/routes.ts";
import { DASHBOARD_SLOTS } from "./lib/modules/define-module.ts";
import { FIELD_MODULES } from "./field-modules.ts";
import { loadModulePages, loadPagesFor, pageIn, widgetIn } from "./module-pages.ts";
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

  it("fills dashboard slots only from modules the role may open", async () => {
    for (const { m, pages } of await all())
      for (const w of pages.widgets)
        expect(Object.keys(DASHBOARD_SLOTS), `${m.id} widget slot`).toContain(w.slot);
    expect(widgetIn(await loadPagesFor("admin"), "team-online", "admin")).not.toBeNull();
    expect(widgetIn(await loadPagesFor(null), "team-online", null)).toBeNull();
  });
});
