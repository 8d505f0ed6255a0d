/** The module registry: every module.ts is checked against core's route table. */
import { describe, expect, it } from "vitest";
import { ROUTES } from "#core/routes.ts";
import { DASHBOARD_SLOTS } from "./lib/modules/define-module.ts";
import { FIELD_MODULES } from "./field-modules.ts";
import { MODULES, modulesFor, pageForPath, widgetFor } from "./modules.ts";

describe("module registry", () => {
  it("finds the modules built so far, each with a unique id and path from the route table", () => {
    const ids = MODULES.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["dashboard", "settings", "team-chat"]));
    expect(new Set(ids).size, "unique ids").toBe(ids.length);
    const paths = MODULES.flatMap((m) => [m.route.path, ...m.routes.map((r) => r.route.path)]);
    expect(new Set(paths).size, "no path claimed twice").toBe(paths.length);
    for (const p of paths)
      expect(
        ROUTES.some((r) => r.path === p),
        `${p} is in core/routes.ts`,
      ).toBe(true);
  });

  it("resolves pages by path and leaves unbuilt routes to the not-built page", () => {
    expect(pageForPath("/dashboard")?.module.id).toBe("dashboard");
    expect(pageForPath("/admin/team")?.module.id).toBe("team-chat");
    expect(pageForPath("/no-such-module")).toBeNull();
  });

  it("gives every path outside the frame a field page of its own (the router sends it there)", () => {
    const outside = MODULES.flatMap((m) => [m.route, ...m.routes.map((r) => r.route)]).filter(
      (r) => r.layout !== "dashboard",
    );
    expect(outside.map((r) => r.path)).toContain("/leads-hunt");
    for (const r of outside)
      expect(
        FIELD_MODULES.map((m) => m.route.path),
        `${r.path} is a field page's main path`,
      ).toContain(r.path);
    for (const m of FIELD_MODULES) expect(pageForPath(m.route.path)?.module).toBe(m);
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

  it("fills dashboard slots only from modules the role may open", () => {
    for (const m of MODULES)
      for (const w of m.widgets ?? [])
        expect(Object.keys(DASHBOARD_SLOTS), `${m.id} widget slot`).toContain(w.slot);
    expect(widgetFor("team-online", "admin")).not.toBeNull();
    expect(widgetFor("team-online", null)).toBeNull();
  });
});
