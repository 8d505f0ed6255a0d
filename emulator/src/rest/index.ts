import { Hono } from "hono";
import type { EmulatorContext } from "../context.ts";

/** Placeholder until this surface is built: answers 501 so nothing pretends to work. */
export function restApp(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.all("*", (c) => c.json({ message: "rest surface not built yet" }, 501));
  return app;
}
