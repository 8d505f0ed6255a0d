/**
 * The RLS matrix's frame (matrix.test.ts runs it; the cases are in matrix-cases-*.ts): a case is
 * one table, one operation and what each actor should get; it is judged by what happened in the
 * database (checked with the secret key), not only by what the API answered.
 */
import crypto from "node:crypto";
import { serviceClient, type TestUser } from "../support/supabase.ts";
import type { Actor, Expectation } from "./support.ts";

export type Outcome = "allowed" | "denied";
export type ApiError = { code?: string; message: string; statusCode?: string } | null;

export interface Case {
  table: string;
  op: "select" | "insert" | "update" | "delete";
  what: string;
  expect: Expectation;
  run(actor: Actor): Promise<Outcome>;
}

export const service = serviceClient();
export const suffix = crypto.randomUUID().slice(0, 8);

/**
 * Filled by the matrix's beforeAll: a plain user whose rows are the "someone else's" targets,
 * another admin who wrote a chat message, and cleanups run after the matrix.
 */
export const fx = {
  other: undefined as unknown as TestUser,
  author: undefined as unknown as TestUser,
  cleanups: [] as Array<() => PromiseLike<unknown>>,
};

/** A denial must be Postgres saying no (42501), never some other failure passing for one. */
export function deniedBy(error: ApiError, where: string): boolean {
  if (!error) return false;
  if (error.code === "42501") return true;
  throw new Error(`${where}: unexpected error ${error.code ?? ""} ${error.message}`);
}

export function storageDenied(error: ApiError, where: string): boolean {
  if (!error) return false;
  if (error.statusCode === "403" && /row-level security|Access denied/.test(error.message)) return true;
  throw new Error(`${where}: unexpected storage error ${error.statusCode ?? ""} ${error.message}`);
}

/** The API's answer and the database's state must agree; the state decides. */
export function judge(apiDenied: boolean, effectHappened: boolean, where: string): Outcome {
  if (apiDenied && effectHappened)
    throw new Error(`${where}: the API reported a denial but the change happened`);
  return effectHappened ? "allowed" : "denied";
}

/** A select case: allowed when `a` reads a row of `table` whose `column` is `value`. */
export async function selects(
  a: Actor,
  table: string,
  columns: string,
  column: string,
  value: string,
  where: string,
): Promise<Outcome> {
  const { data, error } = await a.client.from(table).select(columns).eq(column, value);
  return deniedBy(error, where) || !data?.length ? "denied" : "allowed";
}

export async function one<T>(p: PromiseLike<{ data: T | null; error: unknown }>): Promise<T | null> {
  const { data, error } = await p;
  if (error) throw new Error(`service call failed: ${(error as Error).message}`);
  return data;
}

export const uid = (a: Actor) => a.user?.id ?? null;
export const png = (n: number) =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, n, n, n])], { type: "image/png" });
export async function avatarBytes(path: string): Promise<number[] | null> {
  const { data } = await service.storage.from("avatars").download(path);
  return data ? Array.from(new Uint8Array(await data.arrayBuffer())) : null;
}
