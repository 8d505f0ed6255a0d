/**
 * Which `redirect_to` addresses mailed links may send users back to: GoTrue's
 * IsRedirectURLValid (internal/utilities/request.go) with the site URL and the
 * `[auth] additional_redirect_urls` globs of supabase/config.toml. Locally any `localhost` /
 * `*.localhost` address is accepted too, whatever its port, because every developer's stack
 * runs the site on its own port. Anything else falls back to the site URL, as in GoTrue.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { SUPABASE_DIR } from "../config.ts";

/** GoTrue compiles the allow list with gobwas/glob and separators '.' and '/'. */
export function globToRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "*" && pattern[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (ch === "*") re += "[^./]*";
    else if (ch === "?") re += "[^./]";
    else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

export function readAllowList(): RegExp[] {
  try {
    const file = path.join(SUPABASE_DIR, "config.toml");
    const toml = parse(fs.readFileSync(file, "utf8")) as { auth?: { additional_redirect_urls?: unknown } };
    const list = toml.auth?.additional_redirect_urls;
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string").map(globToRegExp) : [];
  } catch {
    return [];
  }
}

const isLoopbackName = (h: string) => h === "localhost" || h.endsWith(".localhost");
const isLoopbackIp = (h: string) => /^127\.\d+\.\d+\.\d+$/.test(h) || h === "[::1]" || h === "::1";

export function isRedirectAllowed(siteUrl: string, allowList: RegExp[], candidate: string): boolean {
  let base: URL;
  let target: URL;
  try {
    base = new URL(siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  const host = target.hostname;
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (base.hostname === host && base.protocol === target.protocol && (base.port === target.port || isLoopbackName(host) || isLoopbackIp(host))) {
    return true;
  }
  if (isHttp && (isLoopbackIp(host) || isLoopbackName(host))) return true;
  const withoutFragment = candidate.split("#")[0]!;
  return allowList.some((re) => re.test(withoutFragment));
}
