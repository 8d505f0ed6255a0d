/**
 * PostgREST's schema cache: tables, views, columns, keys, foreign keys and functions of the
 * exposed schema, read once from pg_catalog and kept per process. Reloaded on
 * `NOTIFY pgrst, 'reload schema'`, and (rate-limited) when a request names something unknown,
 * so migrations applied while the emulator runs become visible without a restart.
 */
import type { Database } from "../db.ts";

export const EXPOSED_SCHEMA = "public";

export interface Column {
  name: string;
  /** format_type(), e.g. `text`, `integer`, `text[]`, `timestamp with time zone`. */
  type: string;
  /** pg_type.typcategory of the column type (A = array, U = user, S = string, ...). */
  category: string;
  /** typname of the base type (`int4`, `tsvector`, `jsonb`, `_text`, ...). */
  typname: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  kind: string;
  columns: Map<string, Column>;
  columnList: Column[];
  pk: string[];
  /** Sets of columns with a unique or primary key constraint (sorted, joined by ","). */
  uniques: Set<string>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FuncParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Func {
  name: string;
  params: FuncParam[];
  returnsSet: boolean;
  returnType: string;
  /** typtype of the return type: b (base), c (composite), p (pseudo: void, record), d, e, r. */
  returnKind: string;
  /** Output columns when the function returns rows (composite type or `returns table`). */
  returnColumns: Column[] | null;
  /** The exposed table whose row type the function returns (enables embedding). */
  returnTable: string | null;
  volatility: string;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  fks: ForeignKey[];
  functions: Map<string, Func[]>;
  loadedAt: number;
}

const REL_SQL = `
select c.relname as table, c.relkind as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'category', t.typcategory, 'typname', t.typname, 'nullable', not a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg(json_build_object('type', con.contype, 'cols',
      (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n)))
    from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')), '[]')::text as keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FK_SQL = `
select con.conname as name, c.relname as table, rc.relname as ref_table,
  (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n)::text as columns,
  (select json_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(n, i)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)::text as ref_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1`;

const FN_SQL = `
select p.proname as name, p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
  rt.typtype as return_kind, p.provolatile as volatility,
  case when rt.typtype = 'c' and rtn.nspname = $1 and rc.relkind in ('r', 'v', 'm', 'f', 'p') then rc.relname end as return_table,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[k.i], ''),
      'type', format_type(k.t, null), 'mode', coalesce(p.proargmodes[k.i], 'i')) order by k.i)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, i)), '[]')::text as args,
  p.pronargdefaults as n_defaults,
  case when rt.typtype = 'c' then coalesce((select json_agg(json_build_object('name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod), 'category', t.typcategory, 'typname', t.typname,
      'nullable', true, 'hasDefault', false) order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped), '[]')::text end as ret_cols
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_namespace rtn on rtn.oid = rt.typnamespace
left join pg_class rc on rc.oid = rt.typrelid
where n.nspname = $1 and p.prokind = 'f'`;

interface RelRow {
  table: string;
  kind: string;
  columns: string;
  keys: string;
}
interface FkRow {
  name: string;
  table: string;
  ref_table: string;
  columns: string;
  ref_columns: string;
}
interface FnRow {
  name: string;
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  volatility: string;
  return_table: string | null;
  args: string;
  n_defaults: number;
  ret_cols: string | null;
}

export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  return db.admin(async (tx) => {
    const rels = (await tx.query<RelRow>(REL_SQL, [EXPOSED_SCHEMA])).rows;
    const fks = (await tx.query<FkRow>(FK_SQL, [EXPOSED_SCHEMA])).rows;
    const fns = (await tx.query<FnRow>(FN_SQL, [EXPOSED_SCHEMA])).rows;
    const relations = new Map<string, Relation>();
    for (const r of rels) {
      const columnList = JSON.parse(r.columns) as Column[];
      const keys = JSON.parse(r.keys) as { type: string; cols: string[] }[];
      const pk = keys.find((k) => k.type === "p")?.cols ?? [];
      relations.set(r.table, {
        schema: EXPOSED_SCHEMA,
        name: r.table,
        kind: r.kind,
        columnList,
        columns: new Map(columnList.map((c) => [c.name, c])),
        pk,
        uniques: new Set(keys.map((k) => [...k.cols].sort().join(","))),
      });
    }
    const functions = new Map<string, Func[]>();
    const tableOutTypes = new Set<string>();
    const pending: { f: Func; out: { name: string; type: string }[] }[] = [];
    for (const f of fns) {
      const args = JSON.parse(f.args) as { name: string; type: string; mode: string }[];
      const inArgs = args.filter((a) => a.mode === "i" || a.mode === "b" || a.mode === "v");
      const outArgs = args.filter((a) => a.mode === "t" || a.mode === "o" || a.mode === "b");
      const firstDefault = inArgs.length - Number(f.n_defaults);
      const func: Func = {
        name: f.name,
        params: inArgs.map((a, i) => ({ name: a.name, type: a.type, hasDefault: i >= firstDefault })),
        returnsSet: f.returns_set,
        returnType: f.return_type,
        returnKind: f.return_kind,
        returnColumns: f.ret_cols ? (JSON.parse(f.ret_cols) as Column[]) : null,
        returnTable: f.return_table,
        volatility: f.volatility,
      };
      if (!func.returnColumns && f.return_type === "record" && outArgs.length > 0) {
        pending.push({ f: func, out: outArgs });
        for (const o of outArgs) tableOutTypes.add(o.type);
      }
      const list = functions.get(f.name) ?? [];
      list.push(func);
      functions.set(f.name, list);
    }
    if (pending.length) {
      const types = new Map<string, { typname: string; typcategory: string }>();
      const trows = (
        await tx.query<{ typname: string; typcategory: string; fmt?: string }>(
          `select format_type(oid, null) as fmt, typname, typcategory from pg_type where format_type(oid, null) = any($1::text[])`,
          [`{${[...tableOutTypes].map((t) => `"${t.replace(/["\\]/g, "\\$&")}"`).join(",")}}`],
        )
      ).rows;
      for (const t of trows) types.set(t.fmt!, t);
      for (const p of pending) {
        p.f.returnColumns = p.out.map((o) => ({
          name: o.name,
          type: o.type,
          category: types.get(o.type)?.typcategory ?? "U",
          typname: types.get(o.type)?.typname ?? o.type,
          nullable: true,
          hasDefault: false,
        }));
      }
    }
    return {
      relations,
      fks: fks.map((r) => ({
        name: r.name,
        table: r.table,
        refTable: r.ref_table,
        columns: JSON.parse(r.columns) as string[],
        refColumns: JSON.parse(r.ref_columns) as string[],
      })),
      functions,
      loadedAt: Date.now(),
    };
  });
}

/** Holds the cache; `get()` is free after the first load. */
export class SchemaCacheHolder {
  private current: Promise<SchemaCache> | null = null;
  private listening = false;

  constructor(private readonly db: Database) {}

  get(): Promise<SchemaCache> {
    if (!this.current) {
      const p = loadSchemaCache(this.db);
      this.current = p;
      p.catch(() => {
        if (this.current === p) this.current = null;
      });
      if (!this.listening) {
        this.listening = true;
        void this.db
          .exclusive((pg) =>
            pg.listen("pgrst", (payload) => {
              if (!payload || /reload schema/i.test(payload)) this.invalidate();
            }),
          )
          .catch(() => {
            this.listening = false;
          });
      }
    }
    return this.current;
  }

  invalidate(): void {
    this.current = null;
  }

  /** Reload when something is unknown, at most once a second. Returns the fresh cache or null. */
  async refreshIfStale(): Promise<SchemaCache | null> {
    const cur = this.current ? await this.current.catch(() => null) : null;
    if (cur && Date.now() - cur.loadedAt < 1000) return null;
    this.invalidate();
    return this.get();
  }
}
