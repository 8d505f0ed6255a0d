/**
 * `cn`'s class merge against tailwind-merge (which it replaced, kept as a dev dependency to
 * compare with): every Tailwind class written in app/ and every class list written there must
 * resolve the same.
 */
import fs from "node:fs";
import path from "node:path";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./class-merge.ts";
import { cn } from "./utils.ts";

const twMerge = extendTailwindMerge({ cacheSize: 0 });
const APP = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes(".test.") ? [p] : [];
  });
}

const CLASS_LIKE = /^[\w!\-[\]:/.%#(),&>*=@+]+$/;
/** Every string literal's text in app/ (class lists among them), without template holes. */
const literals = [
  ...new Set(
    sources(APP).flatMap((f) =>
      [...fs.readFileSync(f, "utf8").matchAll(/(["'`])((?:(?!\1)[^\\])*?)\1/g)].map((m) =>
        m[2]!.replace(/\$\{[^}]*\}/g, " ").trim(),
      ),
    ),
  ),
].filter((s) => s && s.split(/\s+/).every((t) => CLASS_LIKE.test(t)));
const tokens = [...new Set(literals.flatMap((s) => s.split(/\s+/)))];
/** The classes tailwind-merge knows (it drops a repeat of a class it knows, keeps unknown ones). */
const known = tokens.filter((t) => twMerge(`${t} ${t}`) === t);
/** One class per shape: `h-10` stands for `h-12`, `bg-red-50` for `bg-sky-800` (same group). */
const COLORS =
  /(?<=-)((background|foreground|primary|secondary|muted|accent|destructive|border|input|ring|card|popover|sidebar|white|black|transparent|current)(-foreground)?(?=$|\/)|(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d+)/g;
function shapes(list: string[]): string[] {
  const seen = new Map<string, string>();
  for (const t of list) {
    const shape = t.replace(COLORS, "c").replace(/\d+(\.\d+)?/g, "0");
    if (!seen.has(shape)) seen.set(shape, t);
  }
  return [...seen.values()];
}
const variantless = (t: string) => !/:(?![^[(]*[\])])/.test(t);

function mismatches(pairs: Iterable<string>): string[] {
  const out: string[] = [];
  for (const s of pairs) {
    const expected = twMerge(s);
    const actual = mergeClasses(s);
    if (actual !== expected) out.push(`"${s}": ${actual} (tailwind-merge: ${expected})`);
  }
  return out;
}

describe("class merge", () => {
  it("finds the app's classes to compare", () => {
    expect(known.length).toBeGreaterThan(500);
    expect(known).toEqual(expect.arrayContaining(["px-4", "hover:bg-accent", "size-4", "text-sm"]));
  });

  it("repeats: drops a repeat of a class tailwind-merge knows, keeps the rest as written", () => {
    expect(mismatches(known.map((t) => `${t} ${t}`))).toEqual([]);
  });

  it("resolves the pairs of the app's classes (without variants) that could clash as tailwind-merge does", () => {
    // Every pair took half a minute; it passed once (28 Nov 2026). Kept here: the pairs of one
    // prefix (`border-2 border-l-red-500`), and those of the families whose properties clash or
    // share a group across prefixes (`p-4 px-2`, `size-4 w-6`, `absolute relative`).
    const bare = shapes(known.filter(variantless));
    expect(bare.length).toBeGreaterThan(300);
    const FAMILIES = [
      "p px py ps pe pt pr pb pl",
      "m mx my ms me mt mr mb ml",
      "size w h",
      "inset top right bottom left start end",
      "flex basis grow shrink",
      "line overflow block inline grid hidden contents table flex",
      "text leading truncate",
      "static fixed absolute relative sticky",
      "visible invisible collapse",
      "sr not italic",
      "underline no line overline",
      "uppercase lowercase capitalize normal",
      "tabular proportional lining oldstyle ordinal slashed diagonal stacked normal",
      "filter blur brightness contrast grayscale invert saturate sepia drop hue",
    ].map((f) => f.split(" "));
    const head = (t: string) => t.replace(/^-/, "").split("-")[0]!;
    // Classes keyed by what they may clash with: their prefix, and each family their prefix is in.
    const keys = new Map(
      bare.map((t) => [t, [head(t), ...FAMILIES.flatMap((f, i) => (f.includes(head(t)) ? [`#${i}`] : []))]]),
    );
    const pairs = bare.flatMap((a) =>
      bare
        .filter((b) => a !== b && keys.get(a)!.some((k) => keys.get(b)!.includes(k)))
        .map((b) => `${a} ${b}`),
    );
    expect(pairs.length).toBeGreaterThan(3000);
    expect(mismatches(pairs)).toEqual([]);
  });

  it("resolves the app's classes with variants against the same class under other variants", () => {
    const withVariants = shapes(known.filter((t) => !variantless(t)));
    const split = (t: string) => {
      const at = t.search(/:[^:]*$/);
      return [t.slice(0, at + 1), t.slice(at + 1)] as const;
    };
    const prefixes = [...new Set(withVariants.map((t) => split(t)[0]))];
    const pairs = withVariants.flatMap((t) => {
      const [prefix, base] = split(t);
      // Bare, its variants in another order, and the prefixes sharing a variant with it.
      const own = prefix.split(":").filter(Boolean);
      const others = [
        "",
        prefix.split(":").reverse().join(":"),
        ...prefixes.filter((p) => p !== prefix && p.split(":").some((v) => v && own.includes(v))),
      ];
      return others.flatMap((p) => [
        `${t} ${p.replace(/^:/, "")}${base}`,
        `${p.replace(/^:/, "")}${base} ${t}`,
      ]);
    });
    expect(pairs.length).toBeGreaterThan(500);
    expect(mismatches(pairs)).toEqual([]);
  });

  it("resolves every class list written in app/ as tailwind-merge does", () => {
    expect(mismatches(literals.filter((s) => s.split(/\s+/).some((t) => known.includes(t))))).toEqual([]);
  });

  it("keeps the conflicts cn's callers rely on", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-muted-foreground", "text-lg text-primary")).toBe("text-lg text-primary");
    expect(cn("border border-input", "border-2 border-l-amber-500")).toBe(
      "border-input border-2 border-l-amber-500",
    );
    expect(cn("hover:bg-accent focus:bg-accent", "hover:bg-muted")).toBe("focus:bg-accent hover:bg-muted");
    expect(cn("sm:hover:underline", "hover:sm:no-underline")).toBe("hover:sm:no-underline");
    expect(cn("bg-black/50", "bg-white/90")).toBe("bg-white/90");
    expect(cn("size-4", "w-6")).toBe("size-4 w-6");
    expect(cn("w-6", "size-4")).toBe("size-4");
    expect(cn("my-data-slot", "not-a-class", "px-1", false, null, "px-2")).toBe(
      "my-data-slot not-a-class px-2",
    );
  });
});
