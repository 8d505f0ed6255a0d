/** RLS matrix cases: profiles, user_settings and the avatars bucket (matrix.test.ts runs them). */
import crypto from "node:crypto";
import { expect } from "vitest";
import {
  type ApiError,
  avatarBytes,
  type Case,
  deniedBy,
  fx,
  judge,
  one,
  type Outcome,
  png,
  selects,
  service,
  storageDenied,
  uid,
} from "./matrix-support.ts";
import type { Actor } from "./support.ts";

export const PROFILE_CASES: Case[] = [
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
    run: (a) => selects(a, "profiles", "user_id, first_name", "user_id", fx.other.id, "select other profile"),
  },
  {
    table: "profiles",
    op: "insert",
    what: "a profile row",
    expect: "NNNNNN",
    async run(a) {
      const target = uid(a) ?? fx.other.id;
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
      const { error } = await a.client
        .from("profiles")
        .update({ last_name: name })
        .eq("user_id", fx.other.id);
      const denied = deniedBy(error, "update other profile");
      const row = (await one(
        service.from("profiles").select("last_name").eq("user_id", fx.other.id).single(),
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
      const { error } = await a.client.from("profiles").update({ role: "staff" }).eq("user_id", fx.other.id);
      const denied = deniedBy(error, "change other role");
      const row = (await one(
        service.from("profiles").select("role").eq("user_id", fx.other.id).single(),
      )) as {
        role: string | null;
      };
      if (row.role !== null)
        await one(service.from("profiles").update({ role: null }).eq("user_id", fx.other.id).select());
      return judge(denied, row.role === "staff", "change other role");
    },
  },
  {
    table: "profiles",
    op: "delete",
    what: "another user's profile",
    expect: "NNNYNY",
    async run(a) {
      const { error } = await a.client.from("profiles").delete().eq("user_id", fx.other.id);
      const denied = deniedBy(error, "delete other profile");
      const rows = await one(service.from("profiles").select("user_id").eq("user_id", fx.other.id));
      const gone = !rows?.length;
      if (gone)
        await one(service.from("profiles").insert({ user_id: fx.other.id, email: fx.other.email }).select());
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
    run: (a) => selects(a, "user_settings", "user_id", "user_id", fx.other.id, "select other settings"),
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
      await one(service.from("user_settings").delete().eq("user_id", fx.other.id).select());
      const { error } = await a.client
        .from("user_settings")
        .insert({ user_id: fx.other.id, currency: "USD" });
      const denied = deniedBy(error, "insert other settings");
      const rows = await one(service.from("user_settings").select("user_id").eq("user_id", fx.other.id));
      const happened = (rows?.length ?? 0) > 0;
      if (!happened) await one(service.from("user_settings").insert({ user_id: fx.other.id }).select());
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
      await one(service.from("user_settings").upsert({ user_id: fx.other.id, language: "en" }).select());
      const { error } = await a.client
        .from("user_settings")
        .update({ language: "fr" })
        .eq("user_id", fx.other.id);
      const denied = deniedBy(error, "update other settings");
      const row = (await one(
        service.from("user_settings").select("language").eq("user_id", fx.other.id).single(),
      )) as { language: string };
      if (row.language !== "en")
        await one(
          service.from("user_settings").update({ language: "en" }).eq("user_id", fx.other.id).select(),
        );
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
      await one(service.from("user_settings").upsert({ user_id: fx.other.id }).select());
      const { error } = await a.client.from("user_settings").delete().eq("user_id", fx.other.id);
      const denied = deniedBy(error, "delete other settings");
      const rows = await one(service.from("user_settings").select("user_id").eq("user_id", fx.other.id));
      return judge(denied, !rows?.length, "delete other settings");
    },
  },
];

/** An upload of a fresh avatar at `path` (removed afterwards), judged by whether it is stored. */
async function uploadsAvatar(a: Actor, path: string, marker: number, where: string): Promise<Outcome> {
  fx.cleanups.push(() => service.storage.from("avatars").remove([path]));
  const { error } = await a.client.storage.from("avatars").upload(path, png(marker));
  return judge(storageDenied(error as ApiError, where), (await avatarBytes(path)) !== null, where);
}

export const AVATAR_CASES: Case[] = [
  // ── storage: avatars bucket ──────────────────────────────────────────────────────────────
  {
    table: "storage avatars",
    op: "select",
    what: "download another user's avatar",
    expect: "YYYYYY",
    async run(a) {
      const { data, error } = await a.client.storage.from("avatars").download(`${fx.other.id}/avatar.png`);
      if (error && !data) return "denied";
      return data && data.size > 0 ? "allowed" : "denied";
    },
  },
  {
    table: "storage avatars",
    op: "insert",
    what: "upload into own folder",
    expect: "-YYYYY",
    run: (a) => uploadsAvatar(a, `${uid(a)}/up-${crypto.randomUUID().slice(0, 6)}.png`, 1, "upload own"),
  },
  {
    table: "storage avatars",
    op: "insert",
    what: "upload into another user's folder",
    expect: "NNNNNN",
    run: (a) => uploadsAvatar(a, `${fx.other.id}/intruder-${a.name}.png`, 2, "upload other"),
  },
  {
    table: "storage avatars",
    op: "update",
    what: "replace own avatar (upsert)",
    expect: "-YYYYY",
    async run(a) {
      const path = `${uid(a)}/own.png`;
      fx.cleanups.push(() => service.storage.from("avatars").remove([path]));
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
      const path = `${fx.other.id}/avatar.png`;
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
      fx.cleanups.push(() => service.storage.from("avatars").remove([path]));
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
      const path = `${fx.other.id}/avatar.png`;
      const { error } = await a.client.storage.from("avatars").remove([path]);
      const denied = storageDenied(error as ApiError, "remove other");
      const gone = (await avatarBytes(path)) === null;
      if (gone) await service.storage.from("avatars").upload(path, png(5), { upsert: true });
      return judge(denied, gone, "remove other");
    },
  },
];
