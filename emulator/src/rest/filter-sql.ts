/**
 * The SQL of one filter operator (`eq`, `in`, `is`, full-text search, ranges, arrays, quantified
 * `any`/`all`…) on an expression already resolved to a column or JSON path. Values become bind
 * parameters through `p`; nothing from the query string is written into the SQL.
 */
import type { Filter } from "./parse.ts";
import { pgArrayLiteral } from "./pg-text.ts";
import type { Column } from "./schema-cache.ts";

export function operatorSql(
  f: Filter,
  expr: string,
  col: Column | null,
  p: (value: string | null) => string,
): string {
  let sql: string;
  const cmp: Record<string, string> = {
    eq: "=",
    neq: "<>",
    gt: ">",
    gte: ">=",
    lt: "<",
    lte: "<=",
    like: "like",
    ilike: "ilike",
    match: "~",
    imatch: "~*",
  };
  const likeVal = (v: string) => (f.op === "like" || f.op === "ilike" ? v.replace(/\*/g, "%") : v);
  if (f.quant) {
    sql = `${expr} ${cmp[f.op]} ${f.quant}(${p(pgArrayLiteral((f.list ?? []).map(likeVal)))})`;
  } else {
    switch (f.op) {
      case "in":
        sql = `${expr} = any(${p(pgArrayLiteral(f.list ?? []))})`;
        break;
      case "is": {
        const v = f.value.toLowerCase();
        sql = `${expr} is ${v === "not_null" ? "not null" : v}`;
        break;
      }
      case "isdistinct":
        sql = `${expr} is distinct from ${p(f.value)}`;
        break;
      case "fts":
      case "plfts":
      case "phfts":
      case "wfts": {
        const fn = {
          fts: "to_tsquery",
          plfts: "plainto_tsquery",
          phfts: "phraseto_tsquery",
          wfts: "websearch_to_tsquery",
        }[f.op];
        const cfg = f.config ? `${p(f.config)}::regconfig, ` : "";
        const vec = col && col.typname === "tsvector" ? expr : `to_tsvector(${cfg}${expr})`;
        sql = `${vec} @@ ${fn}(${cfg}${p(f.value)})`;
        break;
      }
      case "cs":
        sql = `${expr} @> ${p(f.value)}`;
        break;
      case "cd":
        sql = `${expr} <@ ${p(f.value)}`;
        break;
      case "ov":
        sql = `${expr} && ${p(col?.category === "A" && /^\(.*\)$/.test(f.value) ? `{${f.value.slice(1, -1)}}` : f.value)}`;
        break;
      case "sl":
        sql = `${expr} << ${p(f.value)}`;
        break;
      case "sr":
        sql = `${expr} >> ${p(f.value)}`;
        break;
      case "nxr":
        sql = `${expr} &< ${p(f.value)}`;
        break;
      case "nxl":
        sql = `${expr} &> ${p(f.value)}`;
        break;
      case "adj":
        sql = `${expr} -|- ${p(f.value)}`;
        break;
      default:
        sql = `${expr} ${cmp[f.op]} ${p(likeVal(f.value))}`;
    }
  }
  return sql;
}
