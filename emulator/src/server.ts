/** The emulator's HTTP surface: one Hono app mounting the Supabase APIs under their paths. */
import { Hono } from "hono";
import { cors } from "hono/cors";
import { authApp } from "./auth/index.ts";
import type { EmulatorContext } from "./context.ts";
import { outboxApp } from "./outbox/index.ts";
import { paystackSandboxApp } from "./paystack/index.ts";
import { restApp } from "./rest/index.ts";
import { storageApp } from "./storage/index.ts";
import { whatsappSandboxApp } from "./whatsapp/index.ts";

export function createServer(ctx: EmulatorContext): Hono {
  const app = new Hono();
  // Browsers may call the Supabase APIs from any origin (hosted Supabase answers CORS the same
  // way); the mail outbox is a page for the developer, read from Node by tests: no CORS there,
  // so no other site can read mailed links (recovery tokens) through a visitor's browser.
  const apiCors = cors({
    origin: (origin) => origin || "*",
    allowHeaders: [
      "apikey",
      "authorization",
      "x-client-info",
      "x-supabase-api-version",
      "content-type",
      "content-profile",
      "accept-profile",
      "prefer",
      "range",
      "range-unit",
      "x-upsert",
      "cache-control",
      "x-retry-count",
    ],
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    exposeHeaders: [
      "content-range",
      "content-location",
      "preference-applied",
      "x-supabase-api-version",
      "retry-after",
    ],
    credentials: true,
    maxAge: 3600,
  });
  app.use("*", (c, next) => (/^\/_(outbox|whatsapp)(\/|$)/.test(c.req.path) ? next() : apiCors(c, next)));
  app.get("/", (c) =>
    c.json({
      name: "ghana-realty supabase emulator",
      auth: "/auth/v1",
      rest: "/rest/v1",
      storage: "/storage/v1",
      outbox: "/_outbox",
      paystack: "/_paystack",
      whatsapp: "/_whatsapp",
    }),
  );
  app.route("/auth/v1", authApp(ctx));
  app.route("/rest/v1", restApp(ctx));
  app.route("/storage/v1", storageApp(ctx));
  app.route("/_outbox", outboxApp(ctx));
  app.route("/_paystack", paystackSandboxApp(ctx));
  app.route("/_whatsapp", whatsappSandboxApp(ctx));
  app.notFound((c) => c.json({ message: "no Route matched with those values" }, 404));
  app.onError((err, c) => {
    console.error(`[emulator] ${c.req.method} ${c.req.path}:`, err);
    return c.json({ message: "An invalid response was received from the upstream server" }, 502);
  });
  return app;
}
