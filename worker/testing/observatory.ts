/**
 * Scores a response's headers (and HTML scripts) by MDN HTTP Observatory's published rules
 * ("HTTP Observatory: tests and scoring", developer.mozilla.org/en-US/observatory/docs/tests_and_scoring):
 * baseline 100, modifiers per test, bonuses only when the score without them is ≥ 90, grade
 * A+ at 100+. The `@mdn/mdn-http-observatory` package cannot be installed here (its install step
 * downloads a CA bundle), so the rules are encoded here. The redirection test needs a live
 * http→https hop and is reported as not applicable (0).
 */

export interface ObservatoryResult {
  score: number;
  grade: string;
  tests: Record<string, { result: string; modifier: number }>;
}

const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

export function gradeOf(score: number): string {
  return GRADES.find(([min]) => score >= min)![1];
}

const DANGEROUSLY_BROAD = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", "data:"]);

export function parseCsp(value: string): Map<string, string[]> | null {
  const out = new Map<string, string[]>();
  for (const raw of value.split(";")) {
    const part = raw.trim();
    if (!part) continue;
    const [name, ...values] = part.split(/\s+/);
    const directive = name!.toLowerCase();
    if (!/^[a-z-]+$/.test(directive)) return null;
    if (out.has(directive)) continue; // the first occurrence wins (CSP3)
    out.set(directive, values);
  }
  return out.size ? out : null;
}

function csp(header: string | null): { result: string; modifier: number; frameAncestors: boolean } {
  if (!header) return { result: "csp-not-implemented", modifier: -25, frameAncestors: false };
  const policy = parseCsp(header);
  if (!policy) return { result: "csp-header-invalid", modifier: -25, frameAncestors: false };
  const def = policy.get("default-src") ?? ["*"];
  const script = policy.get("script-src") ?? def;
  const style = policy.get("style-src") ?? def;
  const object = policy.get("object-src") ?? def;
  const frameAncestors = policy.has("frame-ancestors");
  const hasNonceOrHash = script.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  const scriptUnsafe = script.some((s) =>
    s === "'unsafe-inline'" ? !hasNonceOrHash : UNSAFE_INLINE.has(s) || DANGEROUSLY_BROAD.has(s),
  );
  const objectUnsafe = object.some((s) => DANGEROUSLY_BROAD.has(s) || s === "data:");
  const unsafeEval = script.includes("'unsafe-eval'");
  const insecure = (values: string[]) =>
    values.some(
      (s) =>
        s === "http:" ||
        s.startsWith("http://") ||
        s === "ftp:" ||
        s.startsWith("ftp://") ||
        s === "ws:" ||
        s.startsWith("ws://"),
    );
  const active = [
    "script-src",
    "object-src",
    "style-src",
    "connect-src",
    "frame-src",
    "child-src",
    "worker-src",
    "default-src",
  ];
  const insecureActive = active.some((d) => insecure(policy.get(d) ?? []));
  const insecurePassive = ["img-src", "media-src", "font-src"].some((d) => insecure(policy.get(d) ?? []));
  const styleUnsafe = style.some((s) => s === "'unsafe-inline'" || s === "data:" || DANGEROUSLY_BROAD.has(s));
  if (scriptUnsafe || objectUnsafe)
    return { result: "csp-implemented-with-unsafe-inline", modifier: -20, frameAncestors };
  if (insecureActive)
    return { result: "csp-implemented-with-insecure-scheme", modifier: -20, frameAncestors };
  if (unsafeEval) return { result: "csp-implemented-with-unsafe-eval", modifier: -10, frameAncestors };
  if (insecurePassive)
    return {
      result: "csp-implemented-with-insecure-scheme-in-passive-content-only",
      modifier: -10,
      frameAncestors,
    };
  if (styleUnsafe)
    return { result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0, frameAncestors };
  if (policy.get("default-src")?.join(" ") === "'none'")
    return { result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10, frameAncestors };
  return { result: "csp-implemented-with-no-unsafe", modifier: 5, frameAncestors };
}

function hsts(header: string | null): { result: string; modifier: number } {
  if (!header) return { result: "hsts-not-implemented", modifier: -20 };
  const m = header.match(/max-age\s*=\s*"?(\d+)"?/i);
  if (!m) return { result: "hsts-header-invalid", modifier: -20 };
  return Number(m[1]) >= 15_768_000
    ? { result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 }
    : { result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 };
}

function referrer(header: string | null): { result: string; modifier: number } {
  if (!header) return { result: "referrer-policy-not-implemented", modifier: 0 };
  const values = header
    .toLowerCase()
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = new Set([
    "no-referrer",
    "same-origin",
    "strict-origin",
    "strict-origin-when-cross-origin",
    "origin",
    "origin-when-cross-origin",
    "unsafe-url",
    "no-referrer-when-downgrade",
  ]);
  const effective = [...values].reverse().find((v) => valid.has(v));
  if (!effective) return { result: "referrer-policy-header-invalid", modifier: -5 };
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(effective))
    return { result: "referrer-policy-private", modifier: 5 };
  if (effective === "no-referrer-when-downgrade")
    return { result: "referrer-policy-no-referrer-when-downgrade", modifier: 0 };
  return { result: "referrer-policy-unsafe", modifier: -5 };
}

function xcto(header: string | null): { result: string; modifier: number } {
  if (!header) return { result: "x-content-type-options-not-implemented", modifier: -5 };
  return header.trim().toLowerCase() === "nosniff"
    ? { result: "x-content-type-options-nosniff", modifier: 0 }
    : { result: "x-content-type-options-header-invalid", modifier: -5 };
}

function xfo(header: string | null, viaCsp: boolean): { result: string; modifier: number } {
  if (viaCsp) return { result: "x-frame-options-implemented-via-csp", modifier: 5 };
  if (!header) return { result: "x-frame-options-not-implemented", modifier: -20 };
  const v = header.trim().toLowerCase();
  if (v === "deny" || v === "sameorigin")
    return { result: "x-frame-options-sameorigin-or-deny", modifier: 0 };
  if (v.startsWith("allow-from ")) return { result: "x-frame-options-allow-from-origin", modifier: 0 };
  return { result: "x-frame-options-header-invalid", modifier: -20 };
}

function corp(header: string | null): { result: string; modifier: number } {
  if (!header) return { result: "corp-not-implemented", modifier: 0 };
  const v = header.trim().toLowerCase();
  if (v === "same-origin") return { result: "corp-implemented-with-same-origin", modifier: 0 };
  if (v === "same-site") return { result: "corp-implemented-with-same-site", modifier: 0 };
  if (v === "cross-origin") return { result: "corp-implemented-with-cross-origin", modifier: 0 };
  return { result: "corp-header-invalid", modifier: -5 };
}

function cors(headers: Headers): { result: string; modifier: number } {
  const acao = headers.get("access-control-allow-origin");
  if (!acao) return { result: "cross-origin-resource-sharing-not-implemented", modifier: 0 };
  if (acao.trim() === "*") {
    return headers.get("access-control-allow-credentials") === "true"
      ? { result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50 }
      : { result: "cross-origin-resource-sharing-implemented-with-public-access", modifier: 0 };
  }
  return { result: "cross-origin-resource-sharing-implemented-with-restricted-access", modifier: 0 };
}

function cookies(setCookies: string[], hstsOk: boolean): { result: string; modifier: number } {
  if (setCookies.length === 0) return { result: "cookies-not-found", modifier: 0 };
  const parsed = setCookies.map((c) => {
    const lower = c.toLowerCase();
    const name = c.split("=")[0]!.trim().toLowerCase();
    return {
      secure: /;\s*secure/.test(lower),
      httpOnly: /;\s*httponly/.test(lower),
      sameSite: /;\s*samesite=(lax|strict)/.test(lower),
      session: /sess|token|auth|sid/.test(name),
    };
  });
  if (parsed.some((c) => c.session && !c.httpOnly))
    return { result: "cookies-session-without-httponly-flag", modifier: -30 };
  if (parsed.some((c) => !c.secure))
    return hstsOk
      ? { result: "cookies-without-secure-flag-but-protected-by-hsts", modifier: -5 }
      : { result: "cookies-without-secure-flag", modifier: -20 };
  if (parsed.every((c) => c.sameSite))
    return { result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 };
  return { result: "cookies-secure-with-httponly-sessions", modifier: 0 };
}

function sri(html: string | null, pageUrl: URL): { result: string; modifier: number } {
  if (html === null) return { result: "sri-not-implemented-response-not-html", modifier: 0 };
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1]!)
    .filter((attrs) => /\ssrc\s*=/.test(attrs));
  if (scripts.length === 0) return { result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0 };
  let external = 0,
    insecure = 0,
    withIntegrity = 0;
  for (const attrs of scripts) {
    const src = attrs.match(/\ssrc\s*=\s*"([^"]*)"/)?.[1] ?? "";
    const url = new URL(src, pageUrl);
    const sameOrigin = url.origin === pageUrl.origin;
    if (!sameOrigin) external++;
    if (!sameOrigin && url.protocol === "http:") insecure++;
    if (/\sintegrity\s*=/.test(attrs)) withIntegrity++;
  }
  if (external === 0)
    return withIntegrity === scripts.length
      ? { result: "sri-implemented-and-all-scripts-loaded-securely", modifier: 5 }
      : { result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0 };
  if (insecure > 0)
    return withIntegrity
      ? { result: "sri-implemented-but-external-scripts-not-loaded-securely", modifier: -20 }
      : { result: "sri-not-implemented-and-external-scripts-not-loaded-securely", modifier: -50 };
  return withIntegrity === scripts.length
    ? { result: "sri-implemented-and-external-scripts-loaded-securely", modifier: 5 }
    : { result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5 };
}

/** Scores one response. `html` is its body when it is HTML. */
export function scoreResponse(headers: Headers, html: string | null, url: string): ObservatoryResult {
  const pageUrl = new URL(url);
  const cspResult = csp(headers.get("content-security-policy"));
  const hstsResult =
    pageUrl.protocol === "https:"
      ? hsts(headers.get("strict-transport-security"))
      : { result: "hsts-not-implemented-no-https", modifier: -20 };
  const setCookies = typeof headers.getSetCookie === "function" ? headers.getSetCookie() : [];
  const tests: ObservatoryResult["tests"] = {
    "content-security-policy": { result: cspResult.result, modifier: cspResult.modifier },
    cookies: cookies(setCookies, hstsResult.modifier === 0),
    "cross-origin-resource-sharing": cors(headers),
    redirection: { result: "redirection-not-applicable-in-unit-test", modifier: 0 },
    "referrer-policy": referrer(headers.get("referrer-policy")),
    "strict-transport-security": hstsResult,
    "subresource-integrity": sri(html, pageUrl),
    "x-content-type-options": xcto(headers.get("x-content-type-options")),
    "x-frame-options": xfo(headers.get("x-frame-options"), cspResult.frameAncestors),
    "cross-origin-resource-policy": corp(headers.get("cross-origin-resource-policy")),
  };
  const penalties = Object.values(tests).reduce((s, t) => s + Math.min(0, t.modifier), 0);
  const bonuses = Object.values(tests).reduce((s, t) => s + Math.max(0, t.modifier), 0);
  const base = Math.max(0, 100 + penalties);
  const score = base >= 90 ? base + bonuses : base;
  return { score, grade: gradeOf(score), tests };
}
