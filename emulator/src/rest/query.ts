/**
 * Builds PostgREST's SQL for a request: one statement that reads (or mutates, then reads the
 * returned rows) and aggregates the JSON body inside Postgres. Identifiers come from the schema
 * cache and are quoted; every value is a bind parameter sent as text (Postgres infers its type
 * from the column, as with PostgREST's unknown-typed parameters).
 */
import { ApiError } from "./errors.ts";
import { operatorSql } from "./filter-sql.ts";
import type { Filter, Logic, NodeParams, OrderTerm, QueryParams } from "./parse.ts";
import { CAST_TYPE, type Field, type SelectItem } from "./parse-select.ts";
import {
  EXPOSED_SCHEMA,
  type Column,
  type ForeignKey,
  type Relation,
  type SchemaCache,
} from "./schema-cache.ts";

export const qi = (id: string) => `"${id.replace(/"/g, '""')}"`;
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const tableRef = (name: string) => `${qi(EXPOSED_SCHEMA)}.${qi(name)}`;

export class Params {
  readonly values: (string | null)[] = [];
  add(v: string | null): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export interface Source {
  /** Name used in messages (`cf_books`, or the function name). */
  label: string;
  /** SQL from-item without alias. */
  from: string;
  /** Known columns; null when unknown (anything is passed to Postgres to judge). */
  columns: Map<string, Column> | null;
  /** Exposed table whose foreign keys embeddings use. */
  relation: string | null;
}

export type Rel =
  | { kind: "m2o" | "o2m"; fk: ForeignKey; toOne: boolean }
  | { kind: "m2m"; junction: string; fk1: ForeignKey; fk2: ForeignKey; toOne: false };

interface EmbedPlan {
  name: string;
  rel: Rel;
  inner: boolean;
  spread: boolean;
  node: ReadNode;
  /** Items reduced to an aggregate (`books(count)`). */
}

export interface ReadNode {
  path: string;
  source: Source;
  alias: string;
  items: SelectItem[];
  params: NodeParams;
  embeds: Map<string, EmbedPlan>;
}

export class Builder {
  readonly params = new Params();
  private n = 0;

  constructor(
    readonly cache: SchemaCache,
    private readonly q: QueryParams,
  ) {}

  nextAlias(): string {
    return `t${this.n++}`;
  }

  /* ── planning ─────────────────────────────────────────────────────────────────────────── */

  plan(source: Source, items: SelectItem[], path: string): ReadNode {
    const node: ReadNode = {
      path,
      source,
      alias: this.nextAlias(),
      items,
      params: this.q.nodes.get(path) ?? { logic: [], order: null, limit: null, offset: null },
      embeds: new Map(),
    };
    for (const it of items) {
      if (it.kind !== "embed") continue;
      if (!source.relation) {
        throw new ApiError(
          400,
          "PGRST200",
          `Could not find a relationship between '${source.label}' and '${it.target}' in the schema cache`,
          `Searched for a foreign key relationship between '${source.label}' and '${it.target}' in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
        );
      }
      const { rel, child } = this.resolveRel(source.relation, it.target, it.hint);
      const name = it.alias ?? it.target;
      const childPath = path ? `${path}.${name}` : name;
      const childSource: Source = {
        label: child.name,
        from: tableRef(child.name),
        columns: child.columns,
        relation: child.name,
      };
      node.embeds.set(name, {
        name,
        rel,
        inner: it.joinType === "inner",
        spread: it.spread,
        node: this.plan(childSource, it.items, childPath),
      });
    }
    return node;
  }

  /** Checks that every `a.b.c` filter/order/limit path names an embedded resource. */
  checkPaths(root: ReadNode): void {
    for (const p of this.q.nodes.keys()) {
      if (p === "") continue;
      let node: ReadNode | undefined = root;
      for (const seg of p.split(".")) {
        node = node?.embeds.get(seg)?.node;
        if (!node)
          throw new ApiError(400, "PGRST108", `'${seg}' is not an embedded resource in this request`);
      }
    }
  }

  resolveRel(parent: string, target: string, hint: string | null): { rel: Rel; child: Relation } {
    const { relations, fks } = this.cache;
    const cands: { rel: Rel; child: string }[] = [];
    const childRel = relations.get(target);
    const uniqueOn = (table: string, cols: string[]) =>
      relations.get(table)?.uniques.has([...cols].sort().join(",")) ?? false;
    if (childRel) {
      for (const fk of fks) {
        if (fk.table === parent && fk.refTable === target) {
          if (
            !hint ||
            hint === fk.name ||
            (fk.columns.length === 1 && fk.columns[0] === hint) ||
            (fk.refColumns.length === 1 && fk.refColumns[0] === hint && fk.table !== fk.refTable)
          )
            cands.push({ rel: { kind: "m2o", fk, toOne: true }, child: target });
        }
        if (fk.table === target && fk.refTable === parent) {
          if (!hint || hint === fk.name || (fk.columns.length === 1 && fk.columns[0] === hint))
            cands.push({ rel: { kind: "o2m", fk, toOne: uniqueOn(target, fk.columns) }, child: target });
        }
      }
      for (const [jname, j] of relations) {
        if (hint && hint !== jname) continue;
        const toParent = fks.filter((f) => f.table === jname && f.refTable === parent);
        const toTarget = fks.filter((f) => f.table === jname && f.refTable === target);
        for (const fk1 of toParent)
          for (const fk2 of toTarget) {
            if (fk1 === fk2) continue;
            const pk = new Set(j.pk);
            if (![...fk1.columns, ...fk2.columns].every((c) => pk.has(c))) continue;
            cands.push({ rel: { kind: "m2m", junction: jname, fk1, fk2, toOne: false }, child: target });
          }
      }
    } else {
      // Embedding through the foreign key's name or column: `author_id(*)`, `cf_books_author_id_fkey(*)`.
      for (const fk of fks) {
        if (
          fk.table === parent &&
          (fk.name === target || (fk.columns.length === 1 && fk.columns[0] === target))
        )
          cands.push({ rel: { kind: "m2o", fk, toOne: true }, child: fk.refTable });
      }
    }
    if (cands.length === 0) {
      throw new ApiError(
        400,
        "PGRST200",
        `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent}' and '${target}${hint ? `' using the hint '${hint}` : ""}' in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
      );
    }
    if (cands.length > 1) {
      const describe = (r: Rel) =>
        r.kind === "m2m"
          ? {
              cardinality: "many-to-many",
              embedding: `${parent} with ${target}`,
              relationship: `${r.junction} using ${r.fk1.name}(${r.fk1.columns.join(", ")}) and ${r.fk2.name}(${r.fk2.columns.join(", ")})`,
            }
          : {
              cardinality: r.kind === "m2o" ? "many-to-one" : r.toOne ? "one-to-one" : "one-to-many",
              embedding: `${parent} with ${target}`,
              relationship: `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(", ")}) and ${r.fk.refTable}(${r.fk.refColumns.join(", ")})`,
            };
      const hintNames = cands.map(
        (c) => `'${target}!${c.rel.kind === "m2m" ? c.rel.junction : c.rel.fk.name}'`,
      );
      throw new ApiError(
        300,
        "PGRST201",
        `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
        cands.map((c) => describe(c.rel)),
        `Try changing '${target}' to one of the following: ${hintNames.join(", ")}. Find the desired relationship in the 'details' key.`,
      );
    }
    const c = cands[0]!;
    return { rel: c.rel, child: relations.get(c.child)! };
  }

  /* ── expressions ──────────────────────────────────────────────────────────────────────── */

  column(node: ReadNode, name: string): Column | null {
    const cols = node.source.columns;
    if (!cols) return null;
    const c = cols.get(name);
    if (!c) throw new ApiError(400, "42703", `column ${node.source.label}.${name} does not exist`);
    return c;
  }

  fieldExpr(node: ReadNode, f: Field): { expr: string; col: Column | null } {
    const col = this.column(node, f.name);
    let expr = `${node.alias}.${qi(f.name)}`;
    if (f.path.length && col && col.typname !== "json" && col.typname !== "jsonb") expr = `to_jsonb(${expr})`;
    for (const step of f.path) expr += `${step.arrow}${/^-?\d+$/.test(step.key) ? step.key : lit(step.key)}`;
    return { expr, col: f.path.length ? null : col };
  }

  joinCond(rel: Rel, parentAlias: string, childAlias: string): string {
    if (rel.kind !== "m2m") {
      const fk = rel.fk;
      return rel.kind === "m2o"
        ? fk.columns
            .map((c, i) => `${childAlias}.${qi(fk.refColumns[i]!)} = ${parentAlias}.${qi(c)}`)
            .join(" and ")
        : fk.columns
            .map((c, i) => `${childAlias}.${qi(c)} = ${parentAlias}.${qi(fk.refColumns[i]!)}`)
            .join(" and ");
    }
    const j = `${childAlias}_j`;
    const c1 = rel.fk1.columns.map((c, i) => `${j}.${qi(c)} = ${parentAlias}.${qi(rel.fk1.refColumns[i]!)}`);
    const c2 = rel.fk2.columns.map((c, i) => `${j}.${qi(c)} = ${childAlias}.${qi(rel.fk2.refColumns[i]!)}`);
    return `exists (select 1 from ${tableRef(rel.junction)} ${j} where ${[...c1, ...c2].join(" and ")})`;
  }

  filterSql(node: ReadNode, f: Filter): string {
    // `embed=is.null` / `embed=not.is.null`: filter parents on the presence of related rows.
    if (
      f.op === "is" &&
      f.field.path.length === 0 &&
      node.embeds.has(f.field.name) &&
      !node.source.columns?.has(f.field.name)
    ) {
      const v = f.value.toLowerCase();
      if (v !== "null" && v !== "not_null")
        throw new ApiError(
          400,
          "PGRST120",
          `Bad operator on the '${f.field.name}' embedded resource`,
          "Only is null or not is null filters are allowed on embedded resources",
        );
      const e = node.embeds.get(f.field.name)!;
      const ex = this.existsSql(node, e);
      const isNull = (v === "null") !== f.negate;
      return isNull ? `not ${ex}` : ex;
    }
    const { expr, col } = this.fieldExpr(node, f.field);
    const sql = operatorSql(f, expr, col, (v) => this.params.add(v));
    return f.negate ? `not (${sql})` : sql;
  }

  logicSql(node: ReadNode, l: Logic): string {
    if (l.kind === "filter") return this.filterSql(node, l.filter);
    const parts = l.children.map((c) => this.logicSql(node, c));
    const body = parts.length
      ? `(${parts.join(l.kind === "and" ? " and " : " or ")})`
      : l.kind === "and"
        ? "true"
        : "false";
    return l.negate ? `not ${body}` : body;
  }

  /** Conditions of a node (filters, !inner embeds); join condition added by the caller. */
  whereParts(node: ReadNode): string[] {
    const parts = node.params.logic.map((l) => this.logicSql(node, l));
    for (const e of node.embeds.values()) if (e.inner) parts.push(this.existsSql(node, e));
    return parts;
  }

  existsSql(parent: ReadNode, e: EmbedPlan): string {
    const child = e.node;
    const conds = [this.joinCond(e.rel, parent.alias, child.alias), ...this.whereParts(child)];
    return `exists (select 1 from ${child.source.from} ${child.alias} where ${conds.join(" and ")})`;
  }

  orderSql(node: ReadNode, terms: OrderTerm[] | null): string {
    if (!terms || terms.length === 0) return "";
    const parts = terms.map((t) => {
      let expr: string;
      if (t.relation) {
        const e = node.embeds.get(t.relation);
        if (!e)
          throw new ApiError(400, "PGRST108", `'${t.relation}' is not an embedded resource in this request`);
        if (!e.rel.toOne) {
          throw new ApiError(
            400,
            "PGRST118",
            `A related order on '${t.relation}' is not possible`,
            `'${node.source.label}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
        const c = e.node;
        expr = `(select ${this.fieldExpr(c, t.field).expr} from ${c.source.from} ${c.alias} where ${this.joinCond(e.rel, node.alias, c.alias)})`;
      } else expr = this.fieldExpr(node, t.field).expr;
      return `${expr}${t.dir ? ` ${t.dir}` : ""}${t.nulls ? ` nulls ${t.nulls}` : ""}`;
    });
    return ` order by ${parts.join(", ")}`;
  }

  /** The select list of a node. */
  selectList(node: ReadNode): string {
    const cols: string[] = [];
    for (const it of node.items) {
      switch (it.kind) {
        case "star":
          if (node.source.from === "pgrst_source" && node.source.columns) {
            // Mutation results carry bookkeeping columns: list the table's own.
            for (const name of node.source.columns.keys()) cols.push(`${node.alias}.${qi(name)}`);
          } else cols.push(`${node.alias}.*`);
          break;
        case "col": {
          const { expr } = this.fieldExpr(node, it.field);
          const name =
            it.alias ?? (it.field.path.length ? it.field.path[it.field.path.length - 1]!.key : it.field.name);
          // PostgREST writes casts as CAST(… AS type); the parser let only a type name through.
          if (it.cast && !CAST_TYPE.test(it.cast))
            throw new ApiError(400, "PGRST100", `"failed to parse select parameter" (invalid cast type)`);
          cols.push(`${it.cast ? `CAST(${expr} AS ${it.cast})` : expr} as ${qi(name)}`);
          break;
        }
        case "count":
          // Hosted Supabase runs PostgREST with db-aggregates-enabled = false.
          throw new ApiError(400, "PGRST123", "Use of aggregate functions is not allowed");
        case "embed": {
          const e = node.embeds.get(it.alias ?? it.target)!;
          const c = e.node;
          if (e.spread) {
            // `...author(name)`: the resource's columns become the parent's (to-many: arrays of values).
            const inner = this.readSql(c, this.joinCond(e.rel, node.alias, c.alias));
            const names: string[] = [];
            for (const x of c.items) {
              if (x.kind === "col")
                names.push(
                  x.alias ??
                    (x.field.path.length ? x.field.path[x.field.path.length - 1]!.key : x.field.name),
                );
              else if (x.kind === "star")
                names.push(...(c.source.columns ? [...c.source.columns.keys()] : []));
              else if (x.kind === "embed") names.push(x.alias ?? x.target);
            }
            for (const n of names) {
              cols.push(
                e.rel.toOne
                  ? `(select _s.${qi(n)} from (${inner}) _s) as ${qi(n)}`
                  : `(select coalesce(json_agg(_s.${qi(n)}), '[]'::json) from (${inner}) _s) as ${qi(n)}`,
              );
            }
            break;
          }
          const inner = this.readSql(c, this.joinCond(e.rel, node.alias, c.alias));
          const sub = `_${c.alias}`;
          cols.push(
            e.rel.toOne
              ? `(select row_to_json(${sub}) from (${inner}) ${sub}) as ${qi(e.name)}`
              : `(select coalesce(json_agg(${sub}), '[]'::json) from (${inner}) ${sub}) as ${qi(e.name)}`,
          );
          break;
        }
      }
    }
    return cols.join(", ");
  }

  /** `select ... from source alias where ... order ... limit ...` for a node. */
  readSql(
    node: ReadNode,
    joinCond: string | null,
    limitOverride?: { limit: number | null; offset: number | null },
  ): string {
    const list = this.selectList(node);
    const where = [...(joinCond ? [joinCond] : []), ...this.whereParts(node)];
    const lim = limitOverride ?? node.params;
    return (
      `select ${list} from ${node.source.from} ${node.alias}` +
      (where.length ? ` where ${where.join(" and ")}` : "") +
      this.orderSql(node, node.params.order) +
      (lim.limit !== null ? ` limit ${lim.limit}` : "") +
      (lim.offset ? ` offset ${lim.offset}` : "")
    );
  }

  /** The count of a node's rows without limit/offset. */
  countSql(node: ReadNode): string {
    const where = this.whereParts(node);
    return `select count(*)::int from ${node.source.from} ${node.alias}${where.length ? ` where ${where.join(" and ")}` : ""}`;
  }
}
