import { Hono } from "hono";

export type Bindings = Env;

const app = new Hono<{ Bindings: Bindings }>();

app.get("/api/health", (c) => c.json({ ok: true }));
app.all("/parties/*", (c) => c.env.HUB.fetch(c.req.raw));
app.all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

export default app;
