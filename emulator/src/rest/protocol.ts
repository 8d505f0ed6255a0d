/**
 * PostgREST's HTTP conventions the handlers share: the Prefer header, content negotiation
 * (JSON array, single object, CSV), Content-Range, and how a result or an error becomes a body.
 */
import { ApiError } from "./errors.ts";

export type Media = "json" | "object" | "csv";

export interface Prefer {
  return: "representation" | "minimal" | "headers-only" | null;
  count: "exact" | "planned" | "estimated" | null;
  resolution: "merge-duplicates" | "ignore-duplicates" | null;
  missing: "default" | "null" | null;
  strict: boolean;
  maxAffected: number | null;
  applied: string[];
}

export interface Outcome {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export function parsePrefer(headers: string[]): Prefer {
  const p: Prefer = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    strict: false,
    maxAffected: null,
    applied: [],
  };
  const invalid: string[] = [];
  for (const h of headers)
    for (const part of h.split(",")) {
      if (!part.trim()) continue;
      const [k, v] = part
        .trim()
        .split("=")
        .map((s) => s.trim());
      if (k === "return" && (v === "representation" || v === "minimal" || v === "headers-only")) p.return = v;
      else if (k === "count" && (v === "exact" || v === "planned" || v === "estimated")) p.count = v;
      else if (k === "resolution" && (v === "merge-duplicates" || v === "ignore-duplicates"))
        p.resolution = v;
      else if (k === "missing" && (v === "default" || v === "null")) p.missing = v;
      else if (k === "handling" && (v === "strict" || v === "lenient")) p.strict = v === "strict";
      else if (k === "max-affected" && v !== undefined && /^\d+$/.test(v)) p.maxAffected = Number(v);
      // `tx=` is accepted but not applied: hosted Supabase runs PostgREST with db-tx-end = commit.
      else if (k === "tx" && (v === "commit" || v === "rollback")) continue;
      else if (k === "timezone" || k === "params") continue;
      else {
        invalid.push(part.trim());
        continue;
      }
      p.applied.push(`${k}=${v}`);
    }
  if (p.strict && invalid.length) {
    throw new ApiError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${invalid.join(", ")}`,
    );
  }
  return p;
}

export function negotiate(accept: string | undefined): Media | null {
  if (!accept || !accept.trim()) return "json";
  const types = accept.split(",").map((t) => t.split(";")[0]!.trim().toLowerCase());
  for (const t of types) {
    if (t === "application/vnd.pgrst.object+json" || t === "application/vnd.pgrst.object") return "object";
    if (t === "application/json" || t === "*/*" || t === "application/*" || t === "application/geo+json")
      return "json";
    if (t === "text/csv" || t === "text/*") return "csv";
  }
  return null;
}

export const CONTENT_TYPES: Record<Media, string> = {
  json: "application/json; charset=utf-8",
  object: "application/vnd.pgrst.object+json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

export function contentRange(lower: number, upper: number, total: number | null): string {
  const t = total === null ? "*" : String(total);
  return total === 0 || lower > upper ? `*/${t}` : `${lower}-${upper}/${t}`;
}

export function csvOf(jsonText: string): string {
  const rows = JSON.parse(jsonText) as Record<string, unknown>[];
  if (!Array.isArray(rows) || rows.length === 0) return "";
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return "";
    const s = typeof v === "object" ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.map(cell).join(","), ...rows.map((r) => cols.map((c) => cell(r[c])).join(","))].join("\n");
}

export function errorResponse(err: ApiError): Response {
  return new Response(JSON.stringify(err.body()), {
    status: err.status,
    headers: { "content-type": "application/json; charset=utf-8", ...err.headers },
  });
}

/** Body of a read: a single object, CSV or the JSON array as Postgres built it. */
export function shapeBody(bodyText: string, n: number, media: Media): { body: string } | ApiError {
  if (media === "object") {
    if (n !== 1)
      return new ApiError(
        406,
        "PGRST116",
        "Cannot coerce the result to a single JSON object",
        `The result contains ${n} rows`,
      );
    return { body: bodyText.slice(1, -1) };
  }
  if (media === "csv") return { body: csvOf(bodyText) };
  return { body: bodyText };
}

export function errOutcome(e: ApiError): Outcome {
  return {
    status: e.status,
    body: JSON.stringify(e.body()),
    headers: { "Content-Type": "application/json; charset=utf-8", ...e.headers },
  };
}
