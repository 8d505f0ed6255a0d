/** RLS matrix cases: team chat — channels, messages, read marks and the read RPC (matrix.test.ts runs them). */
import crypto from "node:crypto";
import { ACTORS, type Actor } from "./support.ts";
import { type Case, deniedBy, selects, fx, judge, one, service, suffix, uid } from "./matrix-support.ts";

export const CHAT_CASES: Case[] = [
  // ── team_channels ────────────────────────────────────────────────────────────────────────
  {
    table: "team_channels",
    op: "select",
    what: "the general channel",
    expect: "NNNYNY",
    run: (a) => selects(a, "team_channels", "id", "id", "general", "select channel"),
  },
  {
    table: "team_channels",
    op: "insert",
    what: "a new channel",
    expect: "NNNYNY",
    async run(a) {
      const id = `rls-new-${ACTORS.indexOf(a.name)}-${suffix}`;
      fx.cleanups.push(() => service.from("team_channels").delete().eq("id", id));
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
    run: (a) => selects(a, "team_messages", "id, message", "user_id", fx.author.id, "select messages"),
  },
  {
    table: "team_messages",
    op: "insert",
    what: "a message as oneself",
    expect: "NNNYNY",
    run: (a) => insertMessage(a, uid(a) ?? fx.other.id, "rls", "insert message"),
  },
  {
    table: "team_messages",
    op: "insert",
    what: "a message as someone else",
    expect: "NNNNNN",
    run: (a) => insertMessage(a, fx.author.id, "forged", "forge message"),
  },
  {
    table: "team_messages",
    op: "update",
    what: "edit own message",
    expect: "-NNYNY",
    run: (a) => editMessage(a, uid(a)!, "to edit", "edit own message", { is_edited: true }),
  },
  {
    table: "team_messages",
    op: "update",
    what: "edit another admin's message",
    expect: "NNNNNN",
    run: (a) => editMessage(a, fx.author.id, "not yours", "edit other message"),
  },
  {
    table: "team_messages",
    op: "delete",
    what: "own message",
    expect: "-NNYNY",
    run: (a) => deleteMessage(a, uid(a)!, "to delete", "delete own message"),
  },
  {
    table: "team_messages",
    op: "delete",
    what: "another admin's message",
    expect: "NNNNNN",
    run: (a) => deleteMessage(a, fx.author.id, "keep me", "delete other message"),
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
    run: (a) =>
      selects(a, "team_message_reads", "channel_id", "user_id", fx.author.id, "select other read mark"),
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
      await one(service.from("team_message_reads").delete().eq("user_id", fx.other.id).select());
      const { error } = await a.client
        .from("team_message_reads")
        .insert({ user_id: fx.other.id, channel_id: "general" });
      const denied = deniedBy(error, "insert other read mark");
      const rows = await one(service.from("team_message_reads").select("user_id").eq("user_id", fx.other.id));
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
];

/** `a` inserts a message as `userId`; allowed when a row came of it (removed after the matrix). */
async function insertMessage(a: Actor, userId: string, prefix: string, label: string) {
  const message = `${prefix} ${a.name} ${crypto.randomUUID()}`;
  const { error } = await a.client
    .from("team_messages")
    .insert({ user_id: userId, message, channel_id: "general" });
  const denied = deniedBy(error, label);
  const rows = (await one(service.from("team_messages").select("id").eq("message", message))) as Array<{
    id: string;
  }>;
  for (const r of rows) fx.cleanups.push(() => service.from("team_messages").delete().eq("id", r.id));
  return judge(denied, rows.length > 0, label);
}

/** A message by `userId` in the general channel, written with the secret key (removed after the matrix). */
async function seedMessage(userId: string, message: string): Promise<string> {
  const row = (await one(
    service
      .from("team_messages")
      .insert({ user_id: userId, message, channel_id: "general" })
      .select("id")
      .single(),
  )) as { id: string };
  fx.cleanups.push(() => service.from("team_messages").delete().eq("id", row.id));
  return row.id;
}

/** `a` edits a message by `userId`; allowed when the stored text changed. */
async function editMessage(
  a: Actor,
  userId: string,
  message: string,
  label: string,
  extra: Record<string, unknown> = {},
) {
  const id = await seedMessage(userId, message);
  const { error } = await a.client
    .from("team_messages")
    .update({ message: "edited", ...extra })
    .eq("id", id);
  const denied = deniedBy(error, label);
  const after = (await one(service.from("team_messages").select("message").eq("id", id).single())) as {
    message: string;
  };
  return judge(denied, after.message === "edited", label);
}

/** `a` deletes a message by `userId`; allowed when the row is gone. */
async function deleteMessage(a: Actor, userId: string, message: string, label: string) {
  const id = await seedMessage(userId, message);
  const { error } = await a.client.from("team_messages").delete().eq("id", id);
  const denied = deniedBy(error, label);
  const rows = await one(service.from("team_messages").select("id").eq("id", id));
  return judge(denied, !rows?.length, label);
}
