/**
 * Host rules (docs/product.md#hosts-and-the-root-path, /property-request-form, /consultation,
 * /properties). Decided from the host table in core/hosts.ts, configured per environment.
 * Returns a redirect, or null when the path is a page of this host.
 */
import { originOf } from "#core/hosts.ts";
import { legacyRecordPath } from "#core/records/record-links.ts";
import type { EdgeContext } from "./env.ts";
import { normalizePath } from "./page-meta.ts";

export interface HostRedirect {
  location: string;
  status: 301 | 302;
}

export function hostRedirect(ctx: EdgeContext, url: URL): HostRedirect | null {
  const path = normalizePath(url.pathname);
  const search = url.search;

  // Any host outside the table: the main public site, same path (permanent: alias domains).
  if (ctx.hostKind === "other") return { location: `${ctx.mainOrigin}${url.pathname}${search}`, status: 301 };

  if (path === "/" && (ctx.hostKind === "crm" || ctx.hostKind === "preview"))
    return { location: `/dashboard${search}`, status: 302 };

  if (path === "/property-request-form")
    return { location: `${originOf("request", ctx.hosts)}/${search}`, status: 302 };
  if (path === "/consultation")
    return { location: `${originOf("consult", ctx.hosts)}/${search}`, status: 302 };

  // Public listing on main, the protected admin screen on CRM; never an unprotected admin layout elsewhere.
  if (path === "/properties" && ctx.hostKind !== "main" && ctx.hostKind !== "crm")
    return { location: `${ctx.mainOrigin}/properties${search}`, status: 302 };

  // Links from before records had pages (`/tasks?id=…`, `/consultations?open=…`) land on the record's page.
  if (ctx.hostKind === "crm" || ctx.hostKind === "preview") {
    const page = legacyRecordPath(path, search);
    if (page) return { location: page, status: 301 };
  }

  return null;
}
