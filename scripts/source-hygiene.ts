/**
 * Two rules a reader of the code relies on, checked over every file git knows (tracked or new,
 * not ignored): comments and test names describe behaviour or point to docs/, never an issue
 * number or a section of the original specification (neither can be opened from the repository);
 * and no hand-written file grows past FILE_LINE_LIMIT lines — the few still over it are listed in
 * OVER_LIMIT_ALLOWED, which may only shrink. A third keeps the suites off the clock: no test
 * sleeps for a fixed time (it waits for the condition it needs).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./local-env.ts";

export const FILE_LINE_LIMIT = 500;

/**
 * Files over the limit that are being split elsewhere or not yet: remove a path once its file is
 * under the limit (the check fails on a listed file that no longer needs the exception).
 */
export const OVER_LIMIT_ALLOWED: readonly string[] = [];

/** Applied migrations are history (their text must not change), generated files are rewritten. */
const NOT_HAND_WRITTEN = [
  /^supabase\/migrations\//,
  /^core\/database\.types\.ts$/,
  /^supabase\/schema\.sql$/,
  /^worker-configuration\.d\.ts$/,
  /(^|\/)package-lock\.json$/,
];

/** Data and binary files: their length says nothing about readability. */
const DATA_FILE = /\.(json|csv|svg|png|jpe?g|webp|avif|gif|ico|woff2?|ttf|pdf|txt|xml)$/i;

/** Where citations are looked for: the source folders and the READMEs. */
const CITATION_SCOPE = /^(app|core|worker|party|emulator|scripts|tests|supabase\/seeds|docs)\/|^README\.md$/;

/** The rule's own text and the table that maps old citations to docs/ may name them. */
const CITATION_EXEMPT = new Set([
  "scripts/source-hygiene.ts",
  "scripts/source-hygiene.test.ts",
  "docs/product.md",
]);

/** "issue 12", "Issue 17, item 4", "spec §2", "Spec §4/§7", "(§8)". */
const CITATION = [/\b[Ii]ssues? #?[0-9]/, /\bspec(?:'s)?\s*§/i, /\(§[0-9]/];

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Files of the working tree git tracks or would add, relative to the repository root. */
export function repositoryFiles(root = ROOT): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = out.split("\0").filter((f) => f !== "" && fs.existsSync(path.join(root, f)));
  return [...new Set(files)].sort();
}

export function isHandWritten(file: string): boolean {
  return !NOT_HAND_WRITTEN.some((re) => re.test(file)) && !DATA_FILE.test(file);
}

/** Lines as `wc -l` counts them. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}

/** Lines that cite an issue number or a specification section. */
export function citations(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  text.split("\n").forEach((line, i) => {
    if (CITATION.some((re) => re.test(line))) found.push({ file, line: i + 1, text: line.trim() });
  });
  return found;
}

export function citationScope(file: string): boolean {
  return CITATION_SCOPE.test(file) && isHandWritten(file) && !CITATION_EXEMPT.has(file);
}

/** Where fixed sleeps are looked for: the suites and their helpers. */
export const SLEEP_SCOPE = /^tests\/.*\.ts$/;

/**
 * Lines that pause a browser for a fixed time (playwright's waitForTimeout): too short on a busy
 * machine, wasted on a quiet one. Wait for a locator, `expect.poll` or `waitUntil` instead.
 */
export function fixedSleeps(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  text.split("\n").forEach((line, i) => {
    if (/\.waitForTimeout\(/.test(line)) found.push({ file, line: i + 1, text: line.trim() });
  });
  return found;
}

export function readText(file: string, root = ROOT): string {
  return fs.readFileSync(path.join(root, file), "utf8");
}
