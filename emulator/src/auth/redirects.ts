/**
 * Which `redirect_to` addresses mailed links may send users back to: GoTrue's
 * IsRedirectURLValid (internal/utilities/request.go) with the site URL and the
 * `[auth] additional_redirect_urls` globs of supabase/config.toml. Locally any `localhost` /
 * `*.localhost` address is accepted too, whatever its port, because every developer's stack
 * runs the site on its own port. Anything else falls back to the site URL, as in GoTrue.
 *
 * The decision is made on the URL as a browser will read it (WHATWG parsing), never on the raw
 * string: a browser turns `http://2130706433\.localhost:8787/` into `http://127.0.0.1/.localhost:8787/`
 * while a pattern match on the text sees a `*.localhost` host. So, like GoTrue (whose Go parser
 * rejects such hosts outright): backslashes, control characters and whitespace are refused;
 * user-info is refused; a host the parser rewrites (decimal, hex or octal IPv4, percent-encoding,
 * IDN) is refused; IP literals are accepted only when loopback; and the allow-list globs are
 * matched against the parsed, normalised URL (scheme, host, port, path).
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
    return Array.isArray(list)
      ? list.filter((p): p is string => typeof p === "string").map(globToRegExp)
      : [];
  } catch {
    return [];
  }
}

const isLoopbackName = (h: string) => h === "localhost" || h.endsWith(".localhost");
const isLoopbackIp = (h: string) => /^127\.\d+\.\d+\.\d+$/.test(h) || h === "[::1]";
const isIpLiteral = (h: string) => /^\d+\.\d+\.\d+\.\d+$/.test(h) || h.startsWith("[");
/** GoTrue's regularHostname. */
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
/** Anything a URL parser silently drops or reinterprets. */
const UNSAFE_CHARS = /[\\\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** The host exactly as written in `candidate` (between `//` and the path, minus user-info and port). */
function rawHost(candidate: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(candidate);
  if (!m) return null;
  const authority = m[1]!;
  if (authority.includes("@")) return null;
  if (authority.startsWith("[")) return authority.slice(0, authority.indexOf("]") + 1).toLowerCase();
  return authority.replace(/:\d*$/, "").toLowerCase();
}

/** The URL a browser would go to, or null when it is ambiguous or malformed. */
export function parseRedirect(candidate: string): URL | null {
  if (!candidate || UNSAFE_CHARS.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === "http:" || url.protocol === "https:") {
    // The parser must not have rewritten the host (2130706433 → 127.0.0.1, %41 → a, IDN, …).
    if (rawHost(candidate) !== url.hostname) return null;
    if (!isIpLiteral(url.hostname) && !REGULAR_HOSTNAME.test(url.hostname)) return null;
  }
  return url;
}

export function isRedirectAllowed(siteUrl: string, allowList: RegExp[], candidate: string): boolean {
  const target = parseRedirect(candidate);
  if (!target) return false;
  let base: URL;
  try {
    base = new URL(siteUrl);
  } catch {
    return false;
  }
  const host = target.hostname;
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (isHttp && isIpLiteral(host)) return isLoopbackIp(host);
  if (
    base.hostname === host &&
    base.protocol === target.protocol &&
    (base.port === target.port || isLoopbackName(host))
  )
    return true;
  if (isHttp && isLoopbackName(host)) return true;
  // Only the normalised form is matched (without the fragment, as GoTrue does).
  const normalised = target.href.split("#")[0]!;
  return allowList.some((re) => re.test(normalised));
}
