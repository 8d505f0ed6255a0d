/**
 * Validation of a sitemap or sitemap index against the sitemaps.org 0.9 schemas (sitemap.xsd,
 * siteindex.xsd) and Google's image extension (sitemap-image.xsd), as the sitemaps admin screen
 * runs it in the browser — the same rules `xmllint --schema` applies with the XSDs in
 * ../shared/schemas (tests/edge/sitemap-validate.test.ts runs both on the same documents):
 *   - root `urlset` or `sitemapindex` in the sitemaps.org namespace, nothing else at the top;
 *   - each `url`: exactly one `loc`, then optional `lastmod`, `changefreq`, `priority` in that
 *     order, then any `image:image` (each with one `image:loc`) — no other element;
 *   - each `sitemap`: one `loc`, an optional `lastmod`;
 *   - `loc`: a URI of 12–2,048 characters (the schema's tloc; here also absolute http(s));
 *   - `lastmod`: a W3C date or datetime (xsd:date or xsd:dateTime); `changefreq` one of the seven
 *     words; `priority` a decimal from 0.0 to 1.0;
 *   - at most 50,000 entries and 50 MB (the protocol's limits).
 * A minimal XML reader is included (elements, attributes, text, the five entities, numeric
 * character references, comments, the declaration) — enough for generated sitemaps, and it
 * refuses what it does not understand (a DOCTYPE, unbalanced tags) as not well-formed.
 */
import { IMAGE_NS, SITEMAP_MAX_URLS, SITEMAP_NS } from "./xml.ts";

export interface XmlElement {
  /** The qualified name as written (`image:loc`). */
  name: string;
  /** The element's namespace URI (resolved from xmlns declarations). */
  ns: string | null;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlSyntaxError extends Error {}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : all;
    }
    const v = ENTITIES[ref];
    if (v === undefined) throw new XmlSyntaxError(`Unknown entity &${ref};`);
    return v;
  });
}

/** Parses a document into its root element (namespaces resolved). */
export function parseXml(text: string): XmlElement {
  let i = 0;
  const stack: Array<{ el: XmlElement; scope: Record<string, string> }> = [];
  let root: XmlElement | null = null;
  const skip = (until: string, what: string) => {
    const end = text.indexOf(until, i);
    if (end < 0) throw new XmlSyntaxError(`Unclosed ${what}`);
    i = end + until.length;
  };
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk.trim()) {
      const top = stack.at(-1);
      if (!top) throw new XmlSyntaxError("Text outside the root element");
      top.el.text += decode(chunk);
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith("<?", i)) skip("?>", "processing instruction");
    else if (text.startsWith("<!--", i)) skip("-->", "comment");
    else if (text.startsWith("<![CDATA[", i)) {
      const end = text.indexOf("]]>", i);
      if (end < 0 || !stack.length) throw new XmlSyntaxError("Unclosed CDATA section");
      stack.at(-1)!.el.text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith("<!", i))
      throw new XmlSyntaxError("A DOCTYPE or declaration is not allowed in a sitemap");
    else if (text.startsWith("</", i)) {
      const end = text.indexOf(">", i);
      const name = text.slice(i + 2, end).trim();
      const top = stack.pop();
      if (!top || top.el.name !== name)
        throw new XmlSyntaxError(`Closing tag </${name}> does not match <${top?.el.name ?? "nothing"}>`);
      i = end + 1;
    } else {
      const end = text.indexOf(">", i);
      if (end < 0) throw new XmlSyntaxError("Unclosed tag");
      let body = text.slice(i + 1, end);
      const selfClosing = body.endsWith("/");
      if (selfClosing) body = body.slice(0, -1);
      const nameMatch = /^([A-Za-z_][\w.:-]*)/.exec(body);
      if (!nameMatch) throw new XmlSyntaxError("Bad tag name");
      const name = nameMatch[1]!;
      const attributes: Record<string, string> = {};
      const rest = body.slice(name.length);
      const attr = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;
      let consumed = 0;
      for (let m = attr.exec(rest); m; m = attr.exec(rest)) {
        attributes[m[1]!] = decode(m[3] ?? m[4] ?? "");
        consumed = m.index + m[0].length;
      }
      if (rest.slice(consumed).trim()) throw new XmlSyntaxError(`Bad attributes in <${name}>`);
      const parentScope = stack.at(-1)?.scope ?? {};
      const scope = { ...parentScope };
      for (const [k, v] of Object.entries(attributes)) {
        if (k === "xmlns") scope[""] = v;
        else if (k.startsWith("xmlns:")) scope[k.slice(6)] = v;
      }
      const [prefix, local] = name.includes(":") ? (name.split(":", 2) as [string, string]) : ["", name];
      const el: XmlElement = { name, ns: scope[prefix] ?? null, local, attributes, children: [], text: "" };
      const parent = stack.at(-1);
      if (parent) parent.el.children.push(el);
      else if (root) throw new XmlSyntaxError("More than one root element");
      else root = el;
      if (!selfClosing) stack.push({ el, scope });
      i = end + 1;
    }
  }
  if (stack.length) throw new XmlSyntaxError(`<${stack.at(-1)!.el.name}> is not closed`);
  if (!root) throw new XmlSyntaxError("No root element");
  return root;
}

export const CHANGEFREQS = ["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"] as const;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
const W3C_DATE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/;
const PRIORITY = /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/;

export interface SitemapEntryInfo {
  loc: string;
  lastmod: string | null;
  changefreq: string | null;
  priority: string | null;
  images: string[];
}

export interface SitemapValidation {
  kind: "urlset" | "sitemapindex" | null;
  valid: boolean;
  /** At most MAX_REPORTED problems, each naming where. */
  errors: string[];
  entries: SitemapEntryInfo[];
}

const MAX_REPORTED = 50;

function locProblem(v: string): string | null {
  if (v.length < 12 || v.length > 2048) return `a URL of 12 to 2,048 characters (got ${v.length})`;
  try {
    const u = new URL(v);
    if (u.protocol !== "http:" && u.protocol !== "https:") return "an http(s) address";
  } catch {
    return "an absolute address";
  }
  if (/\s/.test(v)) return "an address without spaces";
  return null;
}

export function validateSitemap(xml: string): SitemapValidation {
  const errors: string[] = [];
  const add = (m: string) => {
    if (errors.length < MAX_REPORTED) errors.push(m);
  };
  if (new TextEncoder().encode(xml).length > SITEMAP_MAX_BYTES) add("The file is larger than 50 MB");
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (e) {
    return {
      kind: null,
      valid: false,
      errors: [`Not well-formed XML: ${(e as Error).message}`],
      entries: [],
    };
  }
  if (root.ns !== SITEMAP_NS || (root.local !== "urlset" && root.local !== "sitemapindex")) {
    return {
      kind: null,
      valid: false,
      errors: [
        `The root must be urlset or sitemapindex in ${SITEMAP_NS} (got ${root.name} in ${root.ns ?? "no namespace"})`,
      ],
      entries: [],
    };
  }
  const kind = root.local;
  const itemName = kind === "urlset" ? "url" : "sitemap";
  const order = kind === "urlset" ? ["loc", "lastmod", "changefreq", "priority"] : ["loc", "lastmod"];
  if (root.text.trim()) add(`Text directly inside <${kind}>`);
  if (root.children.length > SITEMAP_MAX_URLS)
    add(
      `${root.children.length.toLocaleString("en")} entries: at most ${SITEMAP_MAX_URLS.toLocaleString("en")} per file`,
    );
  const entries: SitemapEntryInfo[] = [];
  root.children.forEach((item, n) => {
    const where = `${itemName} ${n + 1}`;
    if (item.ns !== SITEMAP_NS || item.local !== itemName) {
      add(`${where}: <${item.name}> is not allowed in <${kind}>`);
      return;
    }
    const entry: SitemapEntryInfo = { loc: "", lastmod: null, changefreq: null, priority: null, images: [] };
    let position = -1;
    let seenImage = false;
    for (const child of item.children) {
      if (child.ns === SITEMAP_NS && order.includes(child.local)) {
        const at = order.indexOf(child.local);
        if (seenImage || at <= position) add(`${where}: <${child.local}> is out of order or repeated`);
        position = Math.max(position, at);
        const value = child.text.trim();
        if (child.children.length) add(`${where}: <${child.local}> must hold text only`);
        if (child.local === "loc") {
          const p = locProblem(value);
          if (p) add(`${where}: <loc> must be ${p}`);
          entry.loc = value;
        } else if (child.local === "lastmod") {
          if (!W3C_DATE.test(value)) add(`${where}: <lastmod> "${value}" is not a W3C date or datetime`);
          entry.lastmod = value;
        } else if (child.local === "changefreq") {
          if (!(CHANGEFREQS as readonly string[]).includes(value))
            add(`${where}: <changefreq> "${value}" is not one of ${CHANGEFREQS.join(", ")}`);
          entry.changefreq = value;
        } else {
          if (!PRIORITY.test(value) || Number(value) > 1)
            add(`${where}: <priority> "${value}" is not a number from 0.0 to 1.0`);
          entry.priority = value;
        }
      } else if (kind === "urlset" && child.ns === IMAGE_NS && child.local === "image") {
        seenImage = true;
        const locs = child.children.filter((c) => c.ns === IMAGE_NS && c.local === "loc");
        if (locs.length !== 1) add(`${where}: <image:image> needs exactly one <image:loc>`);
        for (const c of child.children) {
          if (c.ns !== IMAGE_NS || !["loc", "caption", "geo_location", "title", "license"].includes(c.local))
            add(`${where}: <${c.name}> is not allowed in <image:image>`);
        }
        const loc = locs[0]?.text.trim() ?? "";
        if (locs[0]) {
          const p = locProblem(loc);
          if (p) add(`${where}: <image:loc> must be ${p}`);
          entry.images.push(loc);
        }
      } else {
        add(`${where}: <${child.name}> is not allowed in <${itemName}>`);
      }
    }
    if (!entry.loc) add(`${where}: <loc> is missing`);
    entries.push(entry);
  });
  return { kind, valid: errors.length === 0, errors, entries };
}
