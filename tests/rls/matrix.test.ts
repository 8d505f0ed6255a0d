/**
 * The RLS matrix: for every table of the base schema (and the avatars bucket), every actor and
 * each of select / insert / update / delete, the outcome the spec asks for — run through
 * supabase-js, judged by what actually happened in the database (checked with the secret key),
 * not only by what the API answered. Expectations (docs/product.md#roles, #routes, #user-settings):
 *   - team chat (channels, messages, read marks, the read RPC) is admin-only, at aal2 once the
 *     admin has a verified factor;
 *   - user_settings: one's own row only (at the AAL one's factors require);
 *   - profiles: readable by self and by staff/admin, updatable by self (never the role) and by
 *     admins; only admins change roles or delete profiles;
 *   - avatars: anyone reads, signed-in users write only their own folder.
 * Letters per row, in actor order anon · visitor · staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2: Y allowed, N denied, - not applicable.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "../support/supabase.ts";
import {
  ACTORS,
  aalOf,
  createActors,
  parseExpectation,
  renderMatrix,
  type Actor,
  type ActorName,
  type Expectation,
} from "./support.ts";

type Outcome = "allowed" | "denied";
type ApiError = { code?: string; message: string; statusCode?: string } | null;

const service = serviceClient();
const suffix = crypto.randomUUID().slice(0, 8);

let actors: Record<ActorName, Actor>;
let other: TestUser; // a plain user whose rows are the "someone else's" targets
let author: TestUser; // another admin who wrote a chat message
const cleanups: Array<() => PromiseLike<unknown>> = [];
const matrix: Array<{ label: string; cells: Record<ActorName, string> }> = [];

/** A denial must be Postgres saying no (42501), never some other failure passing for one. */
function deniedBy(error: ApiError, where: string): boolean {
  if (!error) return false;
  if (error.code === "42501") return true;
  throw new Error(`${where}: unexpected error ${error.code ?? ""} ${error.message}`);
}

function storageDenied(error: ApiError, where: string): boolean {
  if (!error) return false;
  if (error.statusCode === "403" && /row-level security|Access denied/.test(error.message)) return true;
  throw new Error(`${where}: unexpected storage error ${error.statusCode ?? ""} ${error.message}`);
}

/** The API's answer and the database's state must agree; the state decides. */
function judge(apiDenied: boolean, effectHappened: boolean, where: string): Outcome {
  if (apiDenied && effectHappened)
    throw new Error(`${where}: the API reported a denial but the change happened`);
  return effectHappened ? "allowed" : "denied";
}

async function one<T>(p: PromiseLike<{ data: T | null; error: unknown }>): Promise<T | null> {
  const { data, error } = await p;
  if (error) throw new Error(`service call failed: ${(error as Error).message}`);
  return data;
}

const uid = (a: Actor) => a.user?.id ?? null;
const png = (n: number) =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, n, n, n])], { type: "image/png" });
async function avatarBytes(path: string): Promise<number[] | null> {
  const { data } = await service.storage.from("avatars").download(path);
  return data ? Array.from(new Uint8Array(await data.arrayBuffer())) : null;
}

interface Case {
  table: string;
  op: "select" | "insert" | "update" | "delete";
  what: string;
  expect: Expectation;
  run(actor: Actor): Promise<Outcome>;
}

const CASES: Case[] = [
  // ── profiles ─────────────────────────────────────────────────────────────────────────────
  {
    table: "profiles",
    op: "select",
    what: "own profile",
    expect: "-YYYYY",
    async run(a) {
      const { data, error } = await a.client.from("profiles").select("user_id, role").eq("user_id", uid(a)!);
      return deniedBy(error, "select own profile") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "profiles",
    op: "select",
    what: "another user's profile",
    expect: "NNYYNY",
    async run(a) {
      const { data, error } = await a.client
        .from("profiles")
        .select("user_id, first_name")
        .eq("user_id", other.id);
      return deniedBy(error, "select other profile") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "profiles",
    op: "insert",
    what: "a profile row",
    expect: "NNNNNN",
    async run(a) {
      const target = uid(a) ?? other.id;
      const before = await one(service.from("profiles").select("user_id").eq("user_id", target));
      const { error } = await a.client.from("profiles").insert({ user_id: target, first_name: "Inserted" });
      const denied = deniedBy(error, "insert profile");
      const after = await one(service.from("profiles").select("user_id, first_name").eq("user_id", target));
      return judge(
        denied,
        (after?.length ?? 0) > (before?.length ?? 0) || after?.[0]?.first_name === "Inserted",
        "insert profile",
      );
    },
  },
  {
    table: "profiles",
    op: "update",
    what: "own names",
    expect: "-YYYYY",
    async run(a) {
      const name = `Own-${crypto.randomUUID().slice(0, 6)}`;
      const { error } = await a.client.from("profiles").update({ first_name: name }).eq("user_id", uid(a)!);
      const denied = deniedBy(error, "update own profile");
      const row = await one(service.from("profiles").select("first_name").eq("user_id", uid(a)!).single());
      return judge(denied, (row as { first_name: string } | null)?.first_name === name, "update own profile");
    },
  },
  {
    table: "profiles",
    op: "update",
    what: "own role (self-promotion to admin)",
    expect: "-NN---",
    async run(a) {
      const before = (await one(service.from("profiles").select("role").eq("user_id", uid(a)!).single())) as {
        role: string | null;
      };
      const { error } = await a.client.from("profiles").update({ role: "admin" }).eq("user_id", uid(a)!);
      const denied = deniedBy(error, "self-promotion");
      const after = (await one(service.from("profiles").select("role").eq("user_id", uid(a)!).single())) as {
        role: string | null;
      };
      if (after.role !== before.role)
        await one(service.from("profiles").update({ role: before.role }).eq("user_id", uid(a)!).select());
      return judge(denied, after.role === "admin", "self-promotion");
    },
  },
  {
    table: "profiles",
    op: "update",
    what: "another user's names",
    expect: "NNNYNY",
    async run(a) {
      const name = `Other-${crypto.randomUUID().slice(0, 6)}`;
      const { error } = await a.client.from("profiles").update({ last_name: name }).eq("user_id", other.id);
      const denied = deniedBy(error, "update other profile");
      const row = (await one(
        service.from("profiles").select("last_name").eq("user_id", other.id).single(),
      )) as { last_name: string | null };
      return judge(denied, row.last_name === name, "update other profile");
    },
  },
  {
    table: "profiles",
    op: "update",
    what: "another user's role",
    expect: "NNNYNY",
    async run(a) {
      const { error } = await a.client.from("profiles").update({ role: "staff" }).eq("user_id", other.id);
      const denied = deniedBy(error, "change other role");
      const row = (await one(service.from("profiles").select("role").eq("user_id", other.id).single())) as {
        role: string | null;
      };
      if (row.role !== null)
        await one(service.from("profiles").update({ role: null }).eq("user_id", other.id).select());
      return judge(denied, row.role === "staff", "change other role");
    },
  },
  {
    table: "profiles",
    op: "delete",
    what: "another user's profile",
    expect: "NNNYNY",
    async run(a) {
      const { error } = await a.client.from("profiles").delete().eq("user_id", other.id);
      const denied = deniedBy(error, "delete other profile");
      const rows = await one(service.from("profiles").select("user_id").eq("user_id", other.id));
      const gone = !rows?.length;
      if (gone)
        await one(service.from("profiles").insert({ user_id: other.id, email: other.email }).select());
      return judge(denied, gone, "delete other profile");
    },
  },

  // ── user_settings ────────────────────────────────────────────────────────────────────────
  {
    table: "user_settings",
    op: "select",
    what: "own settings",
    expect: "-YYYNY",
    async run(a) {
      await one(
        service
          .from("user_settings")
          .upsert({ user_id: uid(a)! })
          .select(),
      );
      const { data, error } = await a.client
        .from("user_settings")
        .select("user_id, currency")
        .eq("user_id", uid(a)!);
      return deniedBy(error, "select own settings") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "user_settings",
    op: "select",
    what: "another user's settings",
    expect: "NNNNNN",
    async run(a) {
      const { data, error } = await a.client.from("user_settings").select("user_id").eq("user_id", other.id);
      return deniedBy(error, "select other settings") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "user_settings",
    op: "insert",
    what: "own settings (defaults)",
    expect: "-YYYNY",
    async run(a) {
      await one(service.from("user_settings").delete().eq("user_id", uid(a)!).select());
      const { error } = await a.client.from("user_settings").insert({ user_id: uid(a)! });
      const denied = deniedBy(error, "insert own settings");
      const rows = (await one(
        service.from("user_settings").select("currency, timezone").eq("user_id", uid(a)!),
      )) as Array<{ currency: string; timezone: string }>;
      if (rows.length)
        expect(rows[0], "the user_settings defaults").toEqual({ currency: "GHS", timezone: "Africa/Accra" });
      else
        await one(
          service
            .from("user_settings")
            .insert({ user_id: uid(a)! })
            .select(),
        );
      return judge(denied, rows.length > 0, "insert own settings");
    },
  },
  {
    table: "user_settings",
    op: "insert",
    what: "settings for another user",
    expect: "NNNNNN",
    async run(a) {
      await one(service.from("user_settings").delete().eq("user_id", other.id).select());
      const { error } = await a.client.from("user_settings").insert({ user_id: other.id, currency: "USD" });
      const denied = deniedBy(error, "insert other settings");
      const rows = await one(service.from("user_settings").select("user_id").eq("user_id", other.id));
      const happened = (rows?.length ?? 0) > 0;
      if (!happened) await one(service.from("user_settings").insert({ user_id: other.id }).select());
      return judge(denied, happened, "insert other settings");
    },
  },
  {
    table: "user_settings",
    op: "update",
    what: "own settings",
    expect: "-YYYNY",
    async run(a) {
      await one(
        service
          .from("user_settings")
          .upsert({ user_id: uid(a)!, time_format: "24h" })
          .select(),
      );
      const { error } = await a.client
        .from("user_settings")
        .update({ time_format: "12h" })
        .eq("user_id", uid(a)!);
      const denied = deniedBy(error, "update own settings");
      const row = (await one(
        service.from("user_settings").select("time_format").eq("user_id", uid(a)!).single(),
      )) as { time_format: string };
      return judge(denied, row.time_format === "12h", "update own settings");
    },
  },
  {
    table: "user_settings",
    op: "update",
    what: "another user's settings",
    expect: "NNNNNN",
    async run(a) {
      await one(service.from("user_settings").upsert({ user_id: other.id, language: "en" }).select());
      const { error } = await a.client
        .from("user_settings")
        .update({ language: "fr" })
        .eq("user_id", other.id);
      const denied = deniedBy(error, "update other settings");
      const row = (await one(
        service.from("user_settings").select("language").eq("user_id", other.id).single(),
      )) as { language: string };
      if (row.language !== "en")
        await one(service.from("user_settings").update({ language: "en" }).eq("user_id", other.id).select());
      return judge(denied, row.language === "fr", "update other settings");
    },
  },
  {
    table: "user_settings",
    op: "delete",
    what: "own settings",
    expect: "-YYYNY",
    async run(a) {
      await one(
        service
          .from("user_settings")
          .upsert({ user_id: uid(a)! })
          .select(),
      );
      const { error } = await a.client.from("user_settings").delete().eq("user_id", uid(a)!);
      const denied = deniedBy(error, "delete own settings");
      const rows = await one(service.from("user_settings").select("user_id").eq("user_id", uid(a)!));
      return judge(denied, !rows?.length, "delete own settings");
    },
  },
  {
    table: "user_settings",
    op: "delete",
    what: "another user's settings",
    expect: "NNNNNN",
    async run(a) {
      await one(service.from("user_settings").upsert({ user_id: other.id }).select());
      const { error } = await a.client.from("user_settings").delete().eq("user_id", other.id);
      const denied = deniedBy(error, "delete other settings");
      const rows = await one(service.from("user_settings").select("user_id").eq("user_id", other.id));
      return judge(denied, !rows?.length, "delete other settings");
    },
  },

  // ── team_channels ────────────────────────────────────────────────────────────────────────
  {
    table: "team_channels",
    op: "select",
    what: "the general channel",
    expect: "NNNYNY",
    async run(a) {
      const { data, error } = await a.client.from("team_channels").select("id").eq("id", "general");
      return deniedBy(error, "select channel") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "team_channels",
    op: "insert",
    what: "a new channel",
    expect: "NNNYNY",
    async run(a) {
      const id = `rls-new-${ACTORS.indexOf(a.name)}-${suffix}`;
      cleanups.push(() => service.from("team_channels").delete().eq("id", id));
      const { error } = await a.client.from("team_channels").insert({ id, name: `New ${a.name}` });
      const denied = deniedBy(error, "insert channel");
      const rows = await one(service.from("team_channels").select("id").eq("id", id));
      return judge(denied, (rows?.length ?? 0) > 0, "insert channel");
    },
  },
  {
    table: "team_channels",
    op: "update",
    what: "rename a channel",
    expect: "NNNYNY",
    async run(a) {
      const id = `rls-ren-${suffix}`;
      await one(service.from("team_channels").upsert({ id, name: "Original" }).select());
      const name = `Renamed ${a.name}`;
      const { error } = await a.client.from("team_channels").update({ name }).eq("id", id);
      const denied = deniedBy(error, "rename channel");
      const row = (await one(service.from("team_channels").select("name").eq("id", id).single())) as {
        name: string;
      };
      return judge(denied, row.name === name, "rename channel");
    },
  },
  {
    table: "team_channels",
    op: "delete",
    what: "a channel other than general",
    expect: "NNNYNY",
    async run(a) {
      const id = `rls-del-${suffix}`;
      await one(service.from("team_channels").upsert({ id, name: "Delete me" }).select());
      const { error } = await a.client.from("team_channels").delete().eq("id", id);
      const denied = deniedBy(error, "delete channel");
      const rows = await one(service.from("team_channels").select("id").eq("id", id));
      return judge(denied, !rows?.length, "delete channel");
    },
  },

  // ── team_messages ────────────────────────────────────────────────────────────────────────
  {
    table: "team_messages",
    op: "select",
    what: "another admin's message",
    expect: "NNNYNY",
    async run(a) {
      const { data, error } = await a.client
        .from("team_messages")
        .select("id, message")
        .eq("user_id", author.id);
      return deniedBy(error, "select messages") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "team_messages",
    op: "insert",
    what: "a message as oneself",
    expect: "NNNYNY",
    async run(a) {
      const message = `rls ${a.name} ${crypto.randomUUID()}`;
      const { error } = await a.client
        .from("team_messages")
        .insert({ user_id: uid(a) ?? other.id, message, channel_id: "general" });
      const denied = deniedBy(error, "insert message");
      const rows = (await one(service.from("team_messages").select("id").eq("message", message))) as Array<{
        id: string;
      }>;
      for (const r of rows) cleanups.push(() => service.from("team_messages").delete().eq("id", r.id));
      return judge(denied, rows.length > 0, "insert message");
    },
  },
  {
    table: "team_messages",
    op: "insert",
    what: "a message as someone else",
    expect: "NNNNNN",
    async run(a) {
      const message = `forged ${a.name} ${crypto.randomUUID()}`;
      const { error } = await a.client
        .from("team_messages")
        .insert({ user_id: author.id, message, channel_id: "general" });
      const denied = deniedBy(error, "forge message");
      const rows = (await one(service.from("team_messages").select("id").eq("message", message))) as Array<{
        id: string;
      }>;
      for (const r of rows) cleanups.push(() => service.from("team_messages").delete().eq("id", r.id));
      return judge(denied, rows.length > 0, "forge message");
    },
  },
  {
    table: "team_messages",
    op: "update",
    what: "edit own message",
    expect: "-NNYNY",
    async run(a) {
      const row = (await one(
        service
          .from("team_messages")
          .insert({ user_id: uid(a)!, message: "to edit", channel_id: "general" })
          .select("id")
          .single(),
      )) as { id: string };
      cleanups.push(() => service.from("team_messages").delete().eq("id", row.id));
      const { error } = await a.client
        .from("team_messages")
        .update({ message: "edited", is_edited: true })
        .eq("id", row.id);
      const denied = deniedBy(error, "edit own message");
      const after = (await one(
        service.from("team_messages").select("message").eq("id", row.id).single(),
      )) as { message: string };
      return judge(denied, after.message === "edited", "edit own message");
    },
  },
  {
    table: "team_messages",
    op: "update",
    what: "edit another admin's message",
    expect: "NNNNNN",
    async run(a) {
      const row = (await one(
        service
          .from("team_messages")
          .insert({ user_id: author.id, message: "not yours", channel_id: "general" })
          .select("id")
          .single(),
      )) as { id: string };
      cleanups.push(() => service.from("team_messages").delete().eq("id", row.id));
      const { error } = await a.client.from("team_messages").update({ message: "hijacked" }).eq("id", row.id);
      const denied = deniedBy(error, "edit other message");
      const after = (await one(
        service.from("team_messages").select("message").eq("id", row.id).single(),
      )) as { message: string };
      return judge(denied, after.message === "hijacked", "edit other message");
    },
  },
  {
    table: "team_messages",
    op: "delete",
    what: "own message",
    expect: "-NNYNY",
    async run(a) {
      const row = (await one(
        service
          .from("team_messages")
          .insert({ user_id: uid(a)!, message: "to delete", channel_id: "general" })
          .select("id")
          .single(),
      )) as { id: string };
      cleanups.push(() => service.from("team_messages").delete().eq("id", row.id));
      const { error } = await a.client.from("team_messages").delete().eq("id", row.id);
      const denied = deniedBy(error, "delete own message");
      const rows = await one(service.from("team_messages").select("id").eq("id", row.id));
      return judge(denied, !rows?.length, "delete own message");
    },
  },
  {
    table: "team_messages",
    op: "delete",
    what: "another admin's message",
    expect: "NNNNNN",
    async run(a) {
      const row = (await one(
        service
          .from("team_messages")
          .insert({ user_id: author.id, message: "keep me", channel_id: "general" })
          .select("id")
          .single(),
      )) as { id: string };
      cleanups.push(() => service.from("team_messages").delete().eq("id", row.id));
      const { error } = await a.client.from("team_messages").delete().eq("id", row.id);
      const denied = deniedBy(error, "delete other message");
      const rows = await one(service.from("team_messages").select("id").eq("id", row.id));
      return judge(denied, !rows?.length, "delete other message");
    },
  },

  // ── team_message_reads (+ the RPC) ───────────────────────────────────────────────────────
  {
    table: "team_message_reads",
    op: "select",
    what: "own read mark",
    expect: "-NNYNY",
    async run(a) {
      await one(
        service
          .from("team_message_reads")
          .upsert({ user_id: uid(a)!, channel_id: "general" })
          .select(),
      );
      const { data, error } = await a.client
        .from("team_message_reads")
        .select("channel_id")
        .eq("user_id", uid(a)!);
      return deniedBy(error, "select own read mark") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "team_message_reads",
    op: "select",
    what: "another user's read mark",
    expect: "NNNNNN",
    async run(a) {
      const { data, error } = await a.client
        .from("team_message_reads")
        .select("channel_id")
        .eq("user_id", author.id);
      return deniedBy(error, "select other read mark") || !data?.length ? "denied" : "allowed";
    },
  },
  {
    table: "team_message_reads",
    op: "insert",
    what: "own read mark",
    expect: "-NNYNY",
    async run(a) {
      await one(service.from("team_message_reads").delete().eq("user_id", uid(a)!).select());
      const { error } = await a.client
        .from("team_message_reads")
        .insert({ user_id: uid(a)!, channel_id: "general" });
      const denied = deniedBy(error, "insert own read mark");
      const rows = await one(service.from("team_message_reads").select("user_id").eq("user_id", uid(a)!));
      return judge(denied, (rows?.length ?? 0) > 0, "insert own read mark");
    },
  },
  {
    table: "team_message_reads",
    op: "insert",
    what: "a read mark for another user",
    expect: "NNNNNN",
    async run(a) {
      await one(service.from("team_message_reads").delete().eq("user_id", other.id).select());
      const { error } = await a.client
        .from("team_message_reads")
        .insert({ user_id: other.id, channel_id: "general" });
      const denied = deniedBy(error, "insert other read mark");
      const rows = await one(service.from("team_message_reads").select("user_id").eq("user_id", other.id));
      return judge(denied, (rows?.length ?? 0) > 0, "insert other read mark");
    },
  },
  {
    table: "team_message_reads",
    op: "update",
    what: "move own read mark",
    expect: "-NNYNY",
    async run(a) {
      const old = "2020-01-01T00:00:00+00:00";
      await one(
        service
          .from("team_message_reads")
          .upsert({ user_id: uid(a)!, channel_id: "general", last_read_at: old })
          .select(),
      );
      const { error } = await a.client
        .from("team_message_reads")
        .update({ last_read_at: new Date().toISOString() })
        .eq("user_id", uid(a)!)
        .eq("channel_id", "general");
      const denied = deniedBy(error, "update own read mark");
      const row = (await one(
        service.from("team_message_reads").select("last_read_at").eq("user_id", uid(a)!).single(),
      )) as { last_read_at: string };
      return judge(denied, new Date(row.last_read_at).getUTCFullYear() > 2020, "update own read mark");
    },
  },
  {
    table: "team_message_reads",
    op: "update",
    what: "mark_team_messages_as_read('general')",
    expect: "NNNYNY",
    async run(a) {
      const old = "2020-01-01T00:00:00+00:00";
      if (a.user)
        await one(
          service
            .from("team_message_reads")
            .upsert({ user_id: a.user.id, channel_id: "general", last_read_at: old })
            .select(),
        );
      const { error } = await a.client.rpc("mark_team_messages_as_read", { channel_id_param: "general" });
      const denied = deniedBy(error, "rpc mark read");
      if (!a.user) return judge(denied, !error, "rpc mark read");
      const row = (await one(
        service.from("team_message_reads").select("last_read_at").eq("user_id", a.user.id).single(),
      )) as { last_read_at: string };
      return judge(denied, new Date(row.last_read_at).getUTCFullYear() > 2020, "rpc mark read");
    },
  },
  {
    table: "team_message_reads",
    op: "delete",
    what: "own read mark",
    expect: "-NNYNY",
    async run(a) {
      await one(
        service
          .from("team_message_reads")
          .upsert({ user_id: uid(a)!, channel_id: "general" })
          .select(),
      );
      const { error } = await a.client.from("team_message_reads").delete().eq("user_id", uid(a)!);
      const denied = deniedBy(error, "delete own read mark");
      const rows = await one(service.from("team_message_reads").select("user_id").eq("user_id", uid(a)!));
      return judge(denied, !rows?.length, "delete own read mark");
    },
  },

  // ── storage: avatars bucket ──────────────────────────────────────────────────────────────
  {
    table: "storage avatars",
    op: "select",
    what: "download another user's avatar",
    expect: "YYYYYY",
    async run(a) {
      const { data, error } = await a.client.storage.from("avatars").download(`${other.id}/avatar.png`);
      if (error && !data) return "denied";
      return data && data.size > 0 ? "allowed" : "denied";
    },
  },
  {
    table: "storage avatars",
    op: "insert",
    what: "upload into own folder",
    expect: "-YYYYY",
    async run(a) {
      const path = `${uid(a)}/up-${crypto.randomUUID().slice(0, 6)}.png`;
      cleanups.push(() => service.storage.from("avatars").remove([path]));
      const { error } = await a.client.storage.from("avatars").upload(path, png(1));
      const denied = storageDenied(error as ApiError, "upload own");
      return judge(denied, (await avatarBytes(path)) !== null, "upload own");
    },
  },
  {
    table: "storage avatars",
    op: "insert",
    what: "upload into another user's folder",
    expect: "NNNNNN",
    async run(a) {
      const path = `${other.id}/intruder-${a.name}.png`;
      cleanups.push(() => service.storage.from("avatars").remove([path]));
      const { error } = await a.client.storage.from("avatars").upload(path, png(2));
      const denied = storageDenied(error as ApiError, "upload other");
      return judge(denied, (await avatarBytes(path)) !== null, "upload other");
    },
  },
  {
    table: "storage avatars",
    op: "update",
    what: "replace own avatar (upsert)",
    expect: "-YYYYY",
    async run(a) {
      const path = `${uid(a)}/own.png`;
      cleanups.push(() => service.storage.from("avatars").remove([path]));
      await service.storage.from("avatars").upload(path, png(3), { upsert: true });
      const { error } = await a.client.storage.from("avatars").upload(path, png(4), { upsert: true });
      const denied = storageDenied(error as ApiError, "replace own");
      return judge(denied, (await avatarBytes(path))?.[4] === 4, "replace own");
    },
  },
  {
    table: "storage avatars",
    op: "update",
    what: "replace another user's avatar (upsert)",
    expect: "NNNNNN",
    async run(a) {
      const path = `${other.id}/avatar.png`;
      const { error } = await a.client.storage.from("avatars").upload(path, png(9), { upsert: true });
      const denied = storageDenied(error as ApiError, "replace other");
      const bytes = await avatarBytes(path);
      if (bytes?.[4] === 9) await service.storage.from("avatars").upload(path, png(5), { upsert: true });
      return judge(denied, bytes?.[4] === 9, "replace other");
    },
  },
  {
    table: "storage avatars",
    op: "delete",
    what: "remove own avatar",
    expect: "-YYYYY",
    async run(a) {
      const path = `${uid(a)}/bye.png`;
      cleanups.push(() => service.storage.from("avatars").remove([path]));
      await service.storage.from("avatars").upload(path, png(6), { upsert: true });
      const { error } = await a.client.storage.from("avatars").remove([path]);
      const denied = storageDenied(error as ApiError, "remove own");
      return judge(denied, (await avatarBytes(path)) === null, "remove own");
    },
  },
  {
    table: "storage avatars",
    op: "delete",
    what: "remove another user's avatar",
    expect: "NNNNNN",
    async run(a) {
      const path = `${other.id}/avatar.png`;
      const { error } = await a.client.storage.from("avatars").remove([path]);
      const denied = storageDenied(error as ApiError, "remove other");
      const gone = (await avatarBytes(path)) === null;
      if (gone) await service.storage.from("avatars").upload(path, png(5), { upsert: true });
      return judge(denied, gone, "remove other");
    },
  },
];

beforeAll(async () => {
  actors = await createActors();
  [other, author] = await Promise.all([createTestUser({ role: null }), createTestUser({ role: "admin" })]);
  await one(
    service
      .from("team_messages")
      .insert({ user_id: author.id, message: `fixture ${suffix}`, channel_id: "general" })
      .select(),
  );
  await one(
    service.from("team_message_reads").upsert({ user_id: author.id, channel_id: "general" }).select(),
  );
  await one(service.from("user_settings").upsert({ user_id: other.id }).select());
  const up = await service.storage.from("avatars").upload(`${other.id}/avatar.png`, png(5), { upsert: true });
  if (up.error) throw new Error(`fixture avatar: ${up.error.message}`);
}, 120_000);

afterAll(async () => {
  for (const c of cleanups.splice(0)) await Promise.resolve(c()).catch(() => undefined);
  await service
    .from("team_channels")
    .delete()
    .in("id", [`rls-ren-${suffix}`, `rls-del-${suffix}`]);
  const users = [other, author, ...ACTORS.map((a) => actors?.[a]?.user)].filter((u): u is TestUser => !!u);
  const paths = users.flatMap((u) => [`${u.id}/avatar.png`, `${u.id}/own.png`, `${u.id}/bye.png`]);
  await service.storage.from("avatars").remove(paths);
  await service
    .from("team_messages")
    .delete()
    .in("user_id", [...new Set(users.map((u) => u.id))]);
  for (const id of new Set(users.map((u) => u.id))) await deleteTestUser(id).catch(() => undefined);
  if (matrix.length)
    console.log(
      `\nRLS matrix (✓ allowed, ✗ denied, · n/a, ! = differs from the expectation)\n${renderMatrix(matrix)}\n`,
    );
});

describe("RLS matrix actors", () => {
  it("sessions carry the assurance levels the matrix relies on", async () => {
    expect(await aalOf(actors.admin.client), "admin, enrolled as the two-factor policy requires").toBe(
      "aal2",
    );
    expect(await aalOf(actors.admin_mfa_aal1.client), "admin with a factor, password only").toBe("aal1");
    expect(await aalOf(actors.admin_mfa_aal2.client), "admin with a factor, after TOTP").toBe("aal2");
    const { data } = await actors.admin_mfa_aal1.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data?.nextLevel, "a verified factor asks for aal2").toBe("aal2");
  });
});

describe("RLS matrix", () => {
  for (const c of CASES) {
    it(`${c.table} · ${c.op} · ${c.what}  [${c.expect}]`, async () => {
      const expected = parseExpectation(c.expect);
      const cells = {} as Record<ActorName, string>;
      for (const name of ACTORS) {
        const want = expected[name];
        if (want === null) {
          cells[name] = "·";
          continue;
        }
        const got = await c.run(actors[name]);
        cells[name] = `${got === "allowed" ? "✓" : "✗"}${got === want ? "" : "!"}`;
        expect.soft(got, `${name} — ${c.table} ${c.op} ${c.what}: expected ${want}`).toBe(want);
      }
      matrix.push({ label: `${c.table} · ${c.op} · ${c.what}`, cells });
    });
  }
});
