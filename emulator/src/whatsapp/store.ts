/**
 * What the WhatsApp sandbox keeps: every message the edge sent through it (and every message a
 * tester sent "as the contact"), in the emulator's own schema, created on first use so the
 * sandbox needs nothing from the bootstrap.
 */
import type { SandboxMessage } from "#core/whatsapp/whatsapp.ts";
import type { EmulatorContext } from "../context.ts";

export interface StoredMessage extends SandboxMessage {
  direction: "outbound" | "inbound";
  from: string | null;
  name: string | null;
  webhook_body: string | null;
}

interface Row {
  id: string;
  wa_message_id: string;
  direction: "outbound" | "inbound";
  to_number: string;
  from_number: string | null;
  contact_name: string | null;
  template: string | null;
  language: string | null;
  parameters: string[];
  body: string;
  status: SandboxMessage["status"];
  reference: string | null;
  webhook_status: string | null;
  webhook_body: string | null;
  created_at: Date;
}

const DDL = `
create table if not exists _emulator.whatsapp_sandbox_messages (
  id uuid primary key default gen_random_uuid(),
  wa_message_id text not null unique,
  direction text not null check (direction in ('outbound', 'inbound')),
  to_number text not null,
  from_number text,
  contact_name text,
  template text,
  language text,
  parameters jsonb not null default '[]'::jsonb,
  body text not null,
  status text not null,
  reference text,
  webhook_status text,
  webhook_body text,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists whatsapp_sandbox_messages_to_idx on _emulator.whatsapp_sandbox_messages (to_number, created_at desc);`;

function toMessage(r: Row): StoredMessage {
  return {
    id: r.id,
    wa_message_id: r.wa_message_id,
    direction: r.direction,
    to: r.to_number,
    from: r.from_number,
    name: r.contact_name,
    template: r.template ?? "",
    language: r.language ?? "",
    parameters: r.parameters,
    body: r.body,
    status: r.status,
    reference: r.reference,
    webhook_status: r.webhook_status,
    webhook_body: r.webhook_body,
    created_at: r.created_at.toISOString(),
  };
}

export function sandboxStore(ctx: EmulatorContext) {
  let ready: Promise<unknown> | null = null;
  const admin = async <T>(sql: string, params: unknown[] = []) => {
    ready ??= ctx.db.admin((tx) => tx.exec(DDL));
    await ready;
    return (await ctx.db.admin((tx) => tx.query<T>(sql, params))).rows;
  };
  return {
    async list(filter: {
      to?: string;
      direction?: "outbound" | "inbound";
      limit: number;
    }): Promise<StoredMessage[]> {
      const rows = await admin<Row>(
        `select * from _emulator.whatsapp_sandbox_messages
          where ($1::text is null or to_number = $1 or from_number = $1) and ($2::text is null or direction = $2)
          order by created_at desc, id limit $3`,
        [filter.to ?? null, filter.direction ?? null, filter.limit],
      );
      return rows.map(toMessage);
    },
    async get(id: string): Promise<StoredMessage | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const rows = await admin<Row>(`select * from _emulator.whatsapp_sandbox_messages where id = $1`, [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },
    async add(m: {
      wa_message_id: string;
      direction: "outbound" | "inbound";
      to: string;
      from?: string | null;
      name?: string | null;
      template?: string | null;
      language?: string | null;
      parameters?: string[];
      body: string;
      status: SandboxMessage["status"];
      reference?: string | null;
    }): Promise<StoredMessage> {
      const rows = await admin<Row>(
        `insert into _emulator.whatsapp_sandbox_messages
           (wa_message_id, direction, to_number, from_number, contact_name, template, language, parameters, body, status, reference)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
        [
          m.wa_message_id,
          m.direction,
          m.to,
          m.from ?? null,
          m.name ?? null,
          m.template ?? null,
          m.language ?? null,
          JSON.stringify(m.parameters ?? []),
          m.body,
          m.status,
          m.reference ?? null,
        ],
      );
      return toMessage(rows[0]!);
    },
    async setStatus(id: string, status: SandboxMessage["status"]): Promise<void> {
      await admin(`update _emulator.whatsapp_sandbox_messages set status = $2 where id = $1`, [id, status]);
    },
    async setWebhook(id: string, body: string, outcome: string): Promise<void> {
      await admin(
        `update _emulator.whatsapp_sandbox_messages set webhook_body = $2, webhook_status = $3 where id = $1`,
        [id, body, outcome],
      );
    },
    async template(name: string, language: string) {
      const rows = await admin<{ body: string; param_count: number; is_active: boolean }>(
        `select body, param_count, is_active from public.whatsapp_templates where name = $1 and language = $2`,
        [name, language],
      );
      return rows[0] ?? null;
    },
  };
}
export type SandboxStore = ReturnType<typeof sandboxStore>;
