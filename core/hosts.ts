/**
 * Host kinds and classification (docs/product.md#hosts-and-the-root-path).
 * One table, configured per environment (wrangler vars in the worker, the injected site
 * config in the SPA); never hard-coded at the call sites.
 */

export const HOST_KINDS = [
  "main",
  "crm",
  "consult",
  "bookings",
  "request",
  "collab",
  "preview",
  "other",
] as const;
export type HostKind = (typeof HOST_KINDS)[number];

export interface HostConfig {
  main: string;
  crm: string;
  consult: string;
  bookings: string;
  request: string;
  collab: string;
  /** Host suffixes of preview deployments, e.g. ".workers.dev". */
  previewSuffixes: string[];
  /** "https" in production, "http" locally. */
  protocol: "http" | "https";
  /** Port appended to generated URLs (local only), e.g. "8787"; empty in production. */
  port: string;
}

/** The local stack's hosts (`*.localhost` resolves to loopback in browsers). */
export const LOCAL_HOST_CONFIG: HostConfig = {
  main: "localhost",
  crm: "crm.localhost",
  consult: "consult.localhost",
  bookings: "bookings.localhost",
  request: "request.localhost",
  collab: "collab.localhost",
  previewSuffixes: [".workers.dev"],
  protocol: "http",
  port: "8787",
};

/** Strips the port and lower-cases: "CRM.localhost:8787" → "crm.localhost". */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const i = h.lastIndexOf(":");
  return i === -1 ? h : h.slice(0, i);
}

export function classifyHost(host: string, config: HostConfig): HostKind {
  const name = hostnameOf(host);
  if (name === config.main || name === `www.${config.main}` || name === "127.0.0.1") return "main";
  if (name === config.crm) return "crm";
  if (name === config.consult) return "consult";
  if (name === config.bookings) return "bookings";
  if (name === config.request) return "request";
  if (name === config.collab) return "collab";
  if (config.previewSuffixes.some((s) => s !== "" && name.endsWith(s))) return "preview";
  return "other";
}

/** Origin (scheme://host[:port]) of a host kind's canonical host. */
export function originOf(kind: Exclude<HostKind, "preview" | "other">, config: HostConfig): string {
  const port = config.port ? `:${config.port}` : "";
  return `${config.protocol}://${config[kind]}${port}`;
}

/** Hosts whose root path renders a single-purpose page of the SPA. */
export const FORM_HOST_KINDS = [
  "consult",
  "bookings",
  "request",
  "collab",
] as const satisfies readonly HostKind[];

/** Back-office hosts: chat notifications show only here. */
export function isBackOfficeHost(kind: HostKind): boolean {
  return kind === "crm" || kind === "preview";
}

/** Builds a HostConfig from flat string variables (wrangler vars / env). */
export function hostConfigFromVars(vars: {
  MAIN_HOST: string;
  CRM_HOST: string;
  CONSULT_HOST: string;
  BOOKINGS_HOST: string;
  REQUEST_HOST: string;
  COLLAB_HOST: string;
  PREVIEW_HOST_SUFFIXES?: string;
  SITE_PROTOCOL?: string;
  SITE_PORT?: string;
}): HostConfig {
  return {
    main: vars.MAIN_HOST,
    crm: vars.CRM_HOST,
    consult: vars.CONSULT_HOST,
    bookings: vars.BOOKINGS_HOST,
    request: vars.REQUEST_HOST,
    collab: vars.COLLAB_HOST,
    previewSuffixes: (vars.PREVIEW_HOST_SUFFIXES ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    protocol: vars.SITE_PROTOCOL === "http" ? "http" : "https",
    port: vars.SITE_PORT ?? "",
  };
}
