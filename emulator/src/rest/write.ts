/**
 * Table writes: insert and upsert (POST, and PUT of one row by its primary key), update (PATCH)
 * and delete, each one statement whose `returning` the response reads back as Prefer asks
 * (representation, headers-only, minimal); a failed after-check (max-affected, single object)
 * rolls the statement back.
 */
import { ApiError } from "./errors.ts";
import type { QueryParams } from "./parse.ts";
import {
  CONTENT_TYPES,
  contentRange,
  errOutcome,
  shapeBody,
  type Media,
  type Outcome,
  type Prefer,
} from "./protocol.ts";
import { toPgText } from "./pg-text.ts";
import { Builder, qi, tableRef, type Source } from "./query.ts";
import type { RequestIdentity } from "../db.ts";
import type { RestKit } from "./kit.ts";
import { columnNotFound } from "./not-found.ts";
import type { Relation, SchemaCache } from "./schema-cache.ts";

/** The tail shared by insert/update/delete: read back `pgrst_source` as the response wants. */
function mutationSql(
  b: Builder,
  rel: Relation,
  q: QueryParams,
  cte: string,
  prefer: Prefer,
  tracksInserts = false,
): string {
  const ins = tracksInserts
    ? `, (select count(*) from pgrst_source where pgrst_inserted)::int as inserted`
    : "";
  if (prefer.return === "representation") {
    const src: Source = { label: rel.name, from: "pgrst_source", columns: rel.columns, relation: rel.name };
    const root = b.plan(src, q.select, "");
    b.checkPaths(root);
    // Filters already applied by the mutation itself; the read-back only shapes and orders.
    root.params = { ...root.params, logic: [] };
    const inner = b.readSql(root, null, { limit: null, offset: null });
    return `with pgrst_source as (${cte}) select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n${ins} from (${inner}) _r`;
  }
  if (prefer.return === "headers-only" && rel.pk.length) {
    return `with pgrst_source as (${cte}) select (select json_agg(json_build_object(${rel.pk.map((k) => `${lit2(k)}, ${qi(k)}`).join(", ")}))::text from pgrst_source) as body, count(*)::int as n${ins} from pgrst_source`;
  }
  return `with pgrst_source as (${cte}) select null::text as body, count(*)::int as n${ins} from pgrst_source`;
}

function returning(rel: Relation, prefer: Prefer, alias: string, tracksInserts = false): string {
  // Merge-duplicates upserts report whether any row was new (201) or all were updated (200).
  const ins = tracksInserts ? `(${alias}.xmax = 0) as pgrst_inserted` : null;
  if (prefer.return === "representation") return [`${alias}.*`, ...(ins ? [ins] : [])].join(", ");
  if (prefer.return === "headers-only" && rel.pk.length)
    return [...rel.pk.map((k) => `${alias}.${qi(k)}`), ...(ins ? [ins] : [])].join(", ");
  return ins ?? "1";
}

function mutationOutcome(
  kind: "insert" | "update" | "delete",
  rel: Relation,
  prefer: Prefer,
  media: Media,
  row: Record<string, unknown>,
): Outcome {
  const n = Number(row.n);
  if (kind !== "insert" && prefer.strict && prefer.maxAffected !== null && n > prefer.maxAffected) {
    // Refused after the fact: the transaction is rolled back.
    return errOutcome(
      new ApiError(
        400,
        "PGRST124",
        "Query result exceeds max-affected preference constraint",
        `The query affects ${n} rows`,
      ),
    );
  }
  const total = prefer.count !== null ? n : null;
  const headers: Record<string, string> = {
    "Content-Range": kind === "update" ? contentRange(0, n - 1, total) : contentRange(1, 0, total),
  };
  if (prefer.return === "representation") {
    const shaped = shapeBody(String(row.body), n, media);
    if (shaped instanceof ApiError) return errOutcome(shaped);
    headers["Content-Type"] = CONTENT_TYPES[media];
    return { status: kind === "insert" ? 201 : 200, body: shaped.body, headers };
  }
  if (media === "object" && n !== 1) {
    return errOutcome(
      new ApiError(
        406,
        "PGRST116",
        "Cannot coerce the result to a single JSON object",
        `The result contains ${n} rows`,
      ),
    );
  }
  if (kind === "insert" && prefer.return === "headers-only" && row.body) {
    const keys = (JSON.parse(String(row.body)) as Record<string, unknown>[])[0];
    if (keys)
      headers.Location = `/${rel.name}?${Object.entries(keys)
        .map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`)
        .join("&")}`;
  }
  return { status: kind === "insert" ? 201 : 204, body: null, headers };
}

function lit2(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export function writeHandlers(k: RestKit) {
  const { run } = k;

  async function insert(
    cache: SchemaCache,
    rel: Relation,
    q: QueryParams,
    body: unknown,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
    put = false,
  ): Promise<Outcome> {
    if (body === undefined || body === null || typeof body !== "object")
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    const rows = (Array.isArray(body) ? body : [body]) as unknown[];
    if (rows.some((r) => r === null || typeof r !== "object" || Array.isArray(r)))
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    const objs = rows as Record<string, unknown>[];
    let columns: string[];
    if (q.columns) columns = q.columns;
    else {
      columns = Object.keys(objs[0] ?? {});
      if (Array.isArray(body)) {
        const sig = [...columns].sort().join("\u0000");
        if (objs.some((o) => Object.keys(o).sort().join("\u0000") !== sig))
          throw new ApiError(400, "PGRST102", "All object keys must match");
      }
    }
    for (const col of columns) if (!rel.columns.has(col)) throw columnNotFound(rel.name, col);
    let conflict: string[] | null = null;
    if (prefer.resolution || put) {
      conflict = q.onConflict ?? rel.pk;
      for (const col of conflict) if (!rel.columns.has(col)) throw columnNotFound(rel.name, col);
      if (conflict.length === 0)
        throw new ApiError(
          400,
          "42P10",
          "there is no unique or exclusion constraint matching the ON CONFLICT specification",
        );
    }
    if (put) {
      // PUT: one row, addressed by `pk=eq.value` filters on exactly the primary key columns.
      const root = q.nodes.get("");
      if ((root?.limit !== null && root?.limit !== undefined) || root?.offset) {
        throw new ApiError(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT");
      }
      const filters = (root?.logic ?? []).map((l) =>
        l.kind === "filter" && !l.filter.negate && l.filter.op === "eq" && !l.filter.field.path.length
          ? l.filter
          : null,
      );
      const names = filters.map((f) => f?.field.name);
      if (
        !rel.pk.length ||
        filters.some((f) => !f) ||
        names.length !== rel.pk.length ||
        !rel.pk.every((k) => names.includes(k))
      ) {
        throw new ApiError(
          405,
          "PGRST105",
          "Filters must include all and only primary key columns with 'eq' operators",
        );
      }
      if (
        Array.isArray(body) ||
        !filters.every((f) => String((body as Record<string, unknown>)[f!.field.name]) === f!.value)
      ) {
        throw new ApiError(400, "PGRST115", "Payload values do not match URL in primary key column(s)");
      }
      q.nodes.delete("");
    }
    const b = new Builder(cache, q);
    if (objs.length === 0) {
      const empty: Outcome = {
        status: 201,
        body: prefer.return === "representation" ? "[]" : null,
        headers: { "Content-Range": contentRange(1, 0, prefer.count ? 0 : null) },
      };
      if (prefer.return === "representation") empty.headers["Content-Type"] = CONTENT_TYPES.json;
      return empty;
    }
    let cte: string;
    const target = `${tableRef(rel.name)} as pgrst_ins`;
    const merging = columns.length > 0 && conflict !== null && prefer.resolution !== "ignore-duplicates";
    if (columns.length === 0) {
      const first = rel.columnList[0];
      if (objs.length !== 1 && first) {
        // Several empty objects: one row of defaults each.
        cte = `insert into ${target} (${qi(first.name)}) values ${objs.map(() => "(default)").join(", ")} returning ${returning(rel, prefer, "pgrst_ins")}`;
      } else cte = `insert into ${target} default values returning ${returning(rel, prefer, "pgrst_ins")}`;
    } else {
      const useDefault = prefer.missing === "default";
      const values = objs.map((o) => {
        const cells = columns.map((col) => {
          if (!(col in o)) return useDefault ? "default" : "null";
          const c = rel.columns.get(col)!;
          return b.params.add(toPgText(o[col], c.type, c.category));
        });
        return `(${cells.join(", ")})`;
      });
      cte = `insert into ${target} (${columns.map(qi).join(", ")}) values ${values.join(", ")}`;
      if (conflict) {
        const sets = columns.map((c) => `${qi(c)} = excluded.${qi(c)}`);
        cte +=
          ` on conflict (${conflict.map(qi).join(", ")}) ` +
          (prefer.resolution === "ignore-duplicates" || sets.length === 0
            ? "do nothing"
            : `do update set ${sets.join(", ")}`);
      }
      cte += ` returning ${returning(rel, prefer, "pgrst_ins", merging)}`;
    }
    const sql = mutationSql(b, rel, q, cte, prefer, merging);
    return run(identity, settings, sql, b.params.values, (row) => {
      const out = mutationOutcome("insert", rel, prefer, media, row);
      if (merging && out.status === 201 && Number(row.inserted) === 0) out.status = 200;
      if (put && out.status < 300 && prefer.return !== "representation") out.status = 204;
      return out;
    });
  }

  async function update(
    cache: SchemaCache,
    rel: Relation,
    q: QueryParams,
    body: unknown,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
  ): Promise<Outcome> {
    if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body))
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    const obj = body as Record<string, unknown>;
    const columns = Object.keys(obj);
    for (const col of columns) if (!rel.columns.has(col)) throw columnNotFound(rel.name, col);
    if (columns.length === 0) {
      const headers: Record<string, string> = { "Content-Range": "*/*" };
      if (prefer.return === "representation")
        return {
          status: 200,
          body: media === "object" ? "null" : "[]",
          headers: { ...headers, "Content-Type": CONTENT_TYPES.json },
        };
      return { status: 204, body: null, headers };
    }
    const b = new Builder(cache, q);
    const src: Source = {
      label: rel.name,
      from: tableRef(rel.name),
      columns: rel.columns,
      relation: rel.name,
    };
    const node = b.plan(src, [], "");
    const sets = columns.map((col) => {
      const c = rel.columns.get(col)!;
      return `${qi(col)} = ${b.params.add(toPgText(obj[col], c.type, c.category))}`;
    });
    const where = b.whereParts(node);
    const cte = `update ${tableRef(rel.name)} as ${node.alias} set ${sets.join(", ")}${where.length ? ` where ${where.join(" and ")}` : ""} returning ${returning(rel, prefer, node.alias)}`;
    const sql = mutationSql(b, rel, q, cte, prefer);
    return run(identity, settings, sql, b.params.values, (row) =>
      mutationOutcome("update", rel, prefer, media, row),
    );
  }

  async function remove(
    cache: SchemaCache,
    rel: Relation,
    q: QueryParams,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
  ): Promise<Outcome> {
    const b = new Builder(cache, q);
    const src: Source = {
      label: rel.name,
      from: tableRef(rel.name),
      columns: rel.columns,
      relation: rel.name,
    };
    const node = b.plan(src, [], "");
    const where = b.whereParts(node);
    const cte = `delete from ${tableRef(rel.name)} as ${node.alias}${where.length ? ` where ${where.join(" and ")}` : ""} returning ${returning(rel, prefer, node.alias)}`;
    const sql = mutationSql(b, rel, q, cte, prefer);
    return run(identity, settings, sql, b.params.values, (row) =>
      mutationOutcome("delete", rel, prefer, media, row),
    );
  }

  return { insert, update, remove };
}
