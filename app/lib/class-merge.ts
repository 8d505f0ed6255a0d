/**
 * A small Tailwind class merge for `cn`: of two classes setting the same property under the same
 * variants, the later one wins (`px-2 px-4` → `px-4`; `p-4 px-2` keeps both, `px-2 p-4` only
 * `p-4`). It resolves conflicts as tailwind-merge does for the utilities this app writes —
 * class-merge.test.ts compares both over every class in app/ — at a tenth of its size in the
 * bundle every page loads. A class it does not know is kept as written.
 */

const SIZES = /^(xs|sm|md|lg|xl|[2-9]xl|base)$/;
const NUMBER = /^\d+(\.\d+)?$/;
/** An arbitrary value that is a length: `[3px]`, `[calc(100%-2rem)]`, `[0.4em]`. */
const LENGTH = /^\[(length:)?(\d|\.\d|calc\(|min\(|max\(|clamp\()/;
const ARBITRARY = /^[[(]/;
const BORDER_STYLES = /^(solid|dashed|dotted|double|hidden|none)$/;
const SIDES = /^([xyserbtl]|bs|be)$/;
const CORNERS = /^([setrbl]|ss|se|ee|es|tl|tr|br|bl)$/;
const DISPLAY = new Set([
  "block",
  "inline",
  "inline-block",
  "inline-flex",
  "inline-grid",
  "inline-table",
  "flex",
  "grid",
  "contents",
  "hidden",
  "flow-root",
  "list-item",
  "table",
]);
const WHOLE: Record<string, string> = {
  static: "position",
  fixed: "position",
  absolute: "position",
  relative: "position",
  sticky: "position",
  visible: "visibility",
  invisible: "visibility",
  collapse: "visibility",
  "sr-only": "sr",
  "not-sr-only": "sr",
  italic: "font-style",
  "not-italic": "font-style",
  underline: "text-decoration",
  overline: "text-decoration",
  "line-through": "text-decoration",
  "no-underline": "text-decoration",
  uppercase: "text-transform",
  lowercase: "text-transform",
  capitalize: "text-transform",
  "normal-case": "text-transform",
  truncate: "text-overflow",
  "tabular-nums": "fvn-spacing",
  "proportional-nums": "fvn-spacing",
  filter: "filter",
  resize: "resize",
  transition: "transition",
  "border-collapse": "border-collapse",
  "border-separate": "border-collapse",
  "table-auto": "table-layout",
  "table-fixed": "table-layout",
  grow: "grow",
  shrink: "shrink",
  "break-words": "break",
  "break-all": "break",
  "break-keep": "break",
  "break-normal": "break",
  blur: "blur",
  grayscale: "grayscale",
  invert: "invert",
  sepia: "sepia",
  "backdrop-blur": "backdrop-blur",
};
/** Groups a class's property also sets: a later class of the key hides earlier ones of these. */
const CONFLICTS: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  translate: ["translate-x", "translate-y"],
};
for (const s of ["p", "m"]) {
  CONFLICTS[s] = ["x", "y", "s", "e", "t", "r", "b", "l"].map((x) => s + x);
  CONFLICTS[`${s}x`] = [`${s}r`, `${s}l`];
  CONFLICTS[`${s}y`] = [`${s}t`, `${s}b`];
}
for (const s of ["border-w", "border-color"]) {
  CONFLICTS[s] = ["x", "y", "s", "e", "t", "r", "b", "l"].map((x) => `${s}-${x}`);
  CONFLICTS[`${s}-x`] = [`${s}-r`, `${s}-l`];
  CONFLICTS[`${s}-y`] = [`${s}-t`, `${s}-b`];
}
CONFLICTS.rounded = ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].map(
  (x) => `rounded-${x}`,
);
for (const [side, corners] of Object.entries({
  s: "ss es",
  e: "se ee",
  t: "tl tr",
  r: "tr br",
  b: "br bl",
  l: "tl bl",
}))
  CONFLICTS[`rounded-${side}`] = corners.split(" ").map((c) => `rounded-${c}`);

/** Prefixes whose value needs no look: the group is the prefix (`mt-4` → `mt`). */
const PLAIN = new Set(
  (
    "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml space-x space-y gap gap-x gap-y inset inset-x " +
    "inset-y top right bottom left start end w h size min-w min-h max-w max-h z order basis grow shrink " +
    "grid-cols grid-rows col-span col-start col-end row-span row-start row-end items justify-items " +
    "justify-self self content place-content place-items place-self overflow overflow-x overflow-y " +
    "opacity aspect leading tracking line-clamp whitespace select cursor pointer-events object-position " +
    "align animate duration ease delay translate-x translate-y rotate scale scale-x scale-y skew-x skew-y " +
    "origin underline-offset accent caret scroll-mt scroll-mb scroll-ms scroll-me scroll-m scroll-pt scroll-p " +
    "break-inside break-before break-after field-sizing caption backdrop-blur blur brightness contrast " +
    "grayscale saturate columns float clear will-change appearance resize translate"
  ).split(" "),
);

/** The property group of a class without variants, `!` or a leading `-`; undefined if unknown. */
function groupOf(c: string): string | undefined {
  if (DISPLAY.has(c) || /^table-(caption|cell|row|column|header-group|footer-group)/.test(c))
    return "display";
  if (WHOLE[c]) return WHOLE[c];
  // An arbitrary property, `[overflow-wrap:anywhere]`: its group is the property.
  if (c.startsWith("[")) return /^\[[\w-]+:/.test(c) ? c.slice(0, c.indexOf(":")) : undefined;
  const dash = c.indexOf("-");
  if (dash < 0) {
    if (c === "border") return "border-w";
    if (c === "rounded") return "rounded";
    if (c === "shadow") return "shadow";
    if (c === "ring") return "ring-w";
    if (c === "outline") return "outline-w";
    return undefined;
  }
  // The longest plain prefix: `max-w-sm` → max-w, `gap-x-2` → gap-x, `col-span-2` → col-span.
  for (let i = c.lastIndexOf("-"); i > 0; i = c.lastIndexOf("-", i - 1))
    if (PLAIN.has(c.slice(0, i))) return c.slice(0, i);
  const head = c.slice(0, dash);
  const v = c.slice(dash + 1);
  switch (head) {
    case "text":
      if (SIZES.test(v) || LENGTH.test(v)) return "font-size";
      if (/^(left|center|right|justify|start|end)$/.test(v)) return "text-alignment";
      if (/^(wrap|nowrap|balance|pretty)$/.test(v)) return "text-wrap";
      if (/^(ellipsis|clip)$/.test(v)) return "text-overflow";
      return "text-color";
    case "font":
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(v)
        ? "font-weight"
        : "font-family";
    case "bg":
      if (/^(linear|radial|conic)-|^none$|^\[(url|\w+-gradient)\(/.test(v)) return "bg-image";
      if (/^(cover|contain|auto)$/.test(v)) return "bg-size";
      if (/^(fixed|local|scroll)$/.test(v)) return "bg-attachment";
      if (/^(center|top|bottom|left|right)/.test(v)) return "bg-position";
      if (/repeat/.test(v)) return "bg-repeat";
      if (/^(clip|origin|blend)-/.test(v)) return `bg-${v.split("-")[0]}`;
      return "bg-color";
    case "from":
    case "via":
    case "to":
      return /%$/.test(v) || LENGTH.test(v) ? `${head}-pos` : head;
    case "border": {
      const [side, rest] = SIDES.test(v.split("-")[0]!)
        ? [v.split("-")[0]!, v.slice(v.indexOf("-") + 1)]
        : ["", v];
      const suffix = side ? `-${side}` : "";
      const value = side && !v.includes("-") ? "" : rest;
      if (value === "" || NUMBER.test(value) || value === "px" || LENGTH.test(value))
        return `border-w${suffix}`;
      if (!side && BORDER_STYLES.test(value)) return "border-style";
      return `border-color${suffix}`;
    }
    case "rounded": {
      const corner = v.split("-")[0]!;
      return CORNERS.test(corner) ? `rounded-${corner}` : "rounded";
    }
    case "shadow":
      return SIZES.test(v) || v === "none" || v === "inner" || ARBITRARY.test(v) ? "shadow" : "shadow-color";
    case "ring":
      if (v === "inset") return "ring-w-inset";
      if (v.startsWith("offset-")) return NUMBER.test(v.slice(7)) ? "ring-offset-w" : "ring-offset-color";
      return NUMBER.test(v) || LENGTH.test(v) ? "ring-w" : "ring-color";
    case "outline":
      if (v.startsWith("offset-")) return "outline-offset";
      if (BORDER_STYLES.test(v)) return "outline-style";
      return NUMBER.test(v) || LENGTH.test(v) ? "outline-w" : "outline-color";
    case "divide":
      if (/^[xy](-|$)/.test(v)) return v.endsWith("reverse") ? `divide-${v}` : `divide-${v[0]}`;
      return BORDER_STYLES.test(v) ? "divide-style" : "divide-color";
    case "stroke":
      return NUMBER.test(v) ? "stroke-w" : "stroke";
    case "decoration":
      if (BORDER_STYLES.test(v) || v === "wavy") return "decoration-style";
      return NUMBER.test(v) || LENGTH.test(v) || v === "auto" || v === "from-font"
        ? "decoration-thickness"
        : "decoration-color";
    case "flex":
      if (/^(row|col)(-reverse)?$/.test(v)) return "flex-direction";
      if (/^(wrap|nowrap|wrap-reverse)$/.test(v)) return "flex-wrap";
      return "flex";
    case "list":
      if (/^(inside|outside)$/.test(v)) return "list-style-position";
      return v.startsWith("image-") ? "list-image" : "list-style-type";
    case "object":
      return /^(contain|cover|fill|none|scale-down)$/.test(v) ? "object-fit" : "object-position";
    case "justify":
      return "justify-content";
    case "snap":
      if (/^(mandatory|proximity)$/.test(v)) return "snap-strictness";
      if (/^(start|end|center|align-none)$/.test(v)) return "snap-align";
      return /^(normal|always)$/.test(v) ? "snap-stop" : "snap-type";
    case "fill":
      return "fill";
    case "transition":
      return "transition";
  }
  return undefined;
}

/** Splits `hover:[&>svg]:size-4` at the colons outside brackets. */
function splitVariants(token: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const ch = token[i];
    if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (ch === ":" && depth === 0) {
      parts.push(token.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(token.slice(start));
  return parts;
}

/** Variants in a canonical order (their order does not matter, except around arbitrary ones). */
function variantKey(variants: string[]): string {
  const out: string[] = [];
  let run: string[] = [];
  for (const v of variants) {
    if (v.startsWith("[")) {
      out.push(...run.sort(), v);
      run = [];
    } else run.push(v);
  }
  return [...out, ...run.sort()].join(":");
}

const groups = new Map<string, string | undefined>();
const results = new Map<string, string>();

/** The class list with every class that a later one overrides left out. */
export function mergeClasses(classList: string): string {
  let merged = results.get(classList);
  if (merged === undefined) {
    // Components render the same lists again and again: remember the last few hundred answers.
    if (results.size > 500) results.clear();
    merged = merge(classList);
    results.set(classList, merged);
  }
  return merged;
}

function merge(classList: string): string {
  const tokens = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (!token) continue;
    const parts = splitVariants(token);
    let base = parts.pop()!;
    const important = base.startsWith("!") || base.endsWith("!");
    base = base.replace(/^!|!$/g, "").replace(/^-/, "");
    let group = groups.get(base);
    if (!groups.has(base)) {
      // A value after `/` (opacity `bg-black/50`, line height `text-sm/6`) does not change the group.
      const slash = base.indexOf("/");
      group = (slash > 0 && !base.includes("[") ? groupOf(base.slice(0, slash)) : undefined) ?? groupOf(base);
      groups.set(base, group);
    }
    if (group === undefined) {
      kept.push(token);
      continue;
    }
    const prefix = variantKey(parts) + (important ? "!" : "") + ":";
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const g of CONFLICTS[group] ?? []) taken.add(prefix + g);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}
