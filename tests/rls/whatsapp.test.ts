/**
 * WhatsApp in the database (migration 20261201500000_whatsapp.sql), judged by what is stored
 * afterwards (read with the secret key):
 *   - whatsapp_templates: the team reads them, admins maintain them;
 *   - whatsapp_messages: readable by whoever may read the contact (unmatched incoming ones by
 *     admins); staff queue a template to a contact they may see, only with the contact's opt-in,
 *     exactly the template's parameters, always to the contact's own E.164 number; nobody else
 *     moves a message on;
 *   - the delivery job's and the webhook's RPCs are the secret key's only; a replayed webhook body
 *     changes nothing; an incoming message lands on its contact's timeline or as a new lead.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { must, type Actor } from "./support.ts";

const { service, tag, actors, letters, cleanup } = rlsFile("WhatsApp RLS");
let seq = Math.floor(Math.random() * 9_000_000);
/** A fresh Ghana mobile number per call (E.164). */
const phone = () => {
  seq = (seq + 7919) % 10_000_000;
  return `+23355${String(seq).padStart(7, "0")}`;
};

async function contact(
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; phone: string }> {
  const p = phone();
  const row = (await must(
    service
      .from("contacts")
      .insert({
        first_name: name,
        last_name: `Wa-${tag}`,
        phone: p,
        owner_id: actors.staff.user!.id,
        whatsapp_opt_in: true,
        ...extra,
      })
      .select("id")
      .single(),
    `contact ${name}`,
  )) as { id: string };
  return { id: row.id, phone: p };
}
const queue = (a: Actor, contactId: string, params: string[], template = "invoice_link") =>
  a.client.from("whatsapp_messages").insert({
    contact_id: contactId,
    direction: "outbound",
    template,
    language: "en",
    parameters: params,
    body: "set by the database",
    phone: "",
    purpose: "transactional",
    created_by: a.user?.id ?? null,
  });
const messagesOf = async (contactId: string) =>
  ((
    await service
      .from("whatsapp_messages")
      .select("id, status, phone, body, direction")
      .eq("contact_id", contactId)
  ).data ?? []) as Array<{
    id: string;
    status: string;
    phone: string;
    body: string;
    direction: string;
  }>;
const PARAMS = ["Ama", "INV-2026-0042", "GHS 1,200.00", "https://ghanarealty.example/invoice/x"];

cleanup.push(async () => {
  await service.from("whatsapp_templates").delete().like("name", `rls_${tag}%`);
  const { data } = await service.from("contacts").select("id").eq("last_name", `Wa-${tag}`);
  const ids = ((data ?? []) as { id: string }[]).map((r) => r.id);
  if (ids.length) {
    await service.from("whatsapp_messages").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
  await service.from("contact_submissions").delete().like("full_name", `%${tag}%`);
});

describe("templates", () => {
  it("the team reads them, admins maintain them; the parameters are counted from the body", async () => {
    expect(
      await letters(
        "whatsapp_templates · select",
        async (a) =>
          (
            (await a.client.from("whatsapp_templates").select("name").eq("name", "consultation_confirmation"))
              .data ?? []
          ).length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("whatsapp_templates · insert", async (a, i) => {
        await a.client
          .from("whatsapp_templates")
          .insert({ name: `rls_${tag}_${i}`, category: "utility", body: "Hi {{1}}, {{2}}" });
        return (
          (
            (await service.from("whatsapp_templates").select("param_count").eq("name", `rls_${tag}_${i}`))
              .data ?? []
          ).length === 1
        );
      }),
    ).toBe("NNNNYNY");
    const made = (
      await service.from("whatsapp_templates").select("param_count").like("name", `rls_${tag}%`).limit(1)
    ).data as Array<{
      param_count: number;
    }>;
    expect(made[0]?.param_count).toBe(2);
  });
});

describe("messages", () => {
  it("are read by whoever may read the contact; staff queue templates to contacts they may see", async () => {
    const c = await contact("Reader");
    await must(queue(actors.staff, c.id, PARAMS), "queue");
    expect(
      await letters(
        "whatsapp_messages · select",
        async (a) =>
          ((await a.client.from("whatsapp_messages").select("id").eq("contact_id", c.id)).data ?? [])
            .length === 1,
      ),
    ).toBe("NNYNYNY");
    expect(
      await letters("whatsapp_messages · insert (queue a template)", async (a, i) => {
        const cx = await contact(`Queue${i}`);
        await queue(a, cx.id, PARAMS);
        return (await messagesOf(cx.id)).length === 1;
      }),
    ).toBe("NNYNYNY");
    const [queued] = await messagesOf(c.id);
    expect(queued).toMatchObject({ status: "queued", phone: c.phone, direction: "outbound" });
    expect(queued!.body).toBe(
      "Hello Ama, invoice INV-2026-0042 from Ghana Realty for GHS 1,200.00 is ready. View and pay it here: https://ghanarealty.example/invoice/x",
    );
    expect(
      await letters("whatsapp_messages · update (mark delivered)", async (a) => {
        await a.client
          .from("whatsapp_messages")
          .update({ status: "delivered" } as never)
          .eq("id", queued!.id);
        return (await messagesOf(c.id))[0]!.status === "delivered";
      }),
    ).toBe("NNNNNNN");
  });

  it("refuses a contact without opt-in, parameters that do not fit, and picks no number but the contact's", async () => {
    const silent = await contact("Silent", { whatsapp_opt_in: false });
    expect((await queue(actors.staff, silent.id, PARAMS)).error?.message).toBe(
      "Not sent on WhatsApp: the contact has not opted in to WhatsApp messages.",
    );
    const c = await contact("Params");
    expect((await queue(actors.staff, c.id, ["Ama"])).error?.message).toBe(
      'The template "invoice_link" takes 4 parameters; 1 was given.',
    );
    expect((await queue(actors.staff, c.id, PARAMS, "follow_up_check_in")).error?.message).toBe(
      'The template "follow_up_check_in" takes 2 parameters; 4 were given.',
    );
    expect((await queue(actors.staff, c.id, ["Ama", "Kwame"], "follow_up_check_in")).error?.message).toBe(
      "Not sent on WhatsApp: marketing needs the contact's marketing consent.",
    );
    const forged = await actors.staff.client.from("whatsapp_messages").insert({
      contact_id: c.id,
      direction: "outbound",
      template: "invoice_link",
      language: "en",
      parameters: PARAMS,
      body: "x",
      phone: "+233200000001",
      purpose: "transactional",
      created_by: actors.staff.user!.id,
    });
    expect(forged.error).toBeNull();
    expect((await messagesOf(c.id)).map((m) => m.phone)).toEqual([c.phone]);
    // Only the delivery job and the webhook move a message on: a client's "sent" is queued.
    const early = await actors.staff.client.from("whatsapp_messages").insert({
      contact_id: c.id,
      direction: "outbound",
      template: "invoice_link",
      language: "en",
      parameters: PARAMS,
      body: "x",
      phone: "",
      purpose: "transactional",
      status: "sent",
      wa_message_id: `wamid.forged${tag}`,
      created_by: actors.staff.user!.id,
    });
    expect(early.error).toBeNull();
    expect((await messagesOf(c.id)).map((m) => m.status)).toEqual(["queued", "queued"]);
    const noNumber = await contact("No number", { phone: null });
    expect((await queue(actors.staff, noNumber.id, PARAMS)).error?.message).toBe(
      "The WhatsApp number is not valid: it must be an E.164 number like +233241234567.",
    );
  });

  it("the delivery job's and the webhook's RPCs are the secret key's only", async () => {
    for (const [name, args] of [
      ["claim_whatsapp_messages", { batch_size: 1, lease_seconds: 5 }],
      ["complete_whatsapp_messages", { results: [] }],
      ["receive_whatsapp_events", { body_sha256: "a".repeat(64), events: [] }],
    ] as const)
      expect(
        await letters(`rpc ${name}`, async (a) => !(await a.client.rpc(name, args as never)).error),
      ).toBe("NNNNNNN");
  });

  it("an incoming message lands on its contact (once), a replayed body changes nothing, an unknown number is a new lead", async () => {
    const c = await contact("Writer");
    const body = crypto.randomBytes(32).toString("hex");
    const wamid = `wamid.rls${tag}${Date.now()}`;
    const events = [
      {
        type: "message",
        wa_message_id: wamid,
        from: c.phone,
        name: "Writer",
        body: "Is the flat still free?",
        at: new Date().toISOString(),
      },
    ];
    const first = (await must(
      service.rpc("receive_whatsapp_events", { body_sha256: body, events: events as never }),
      "first",
    )) as {
      outcome: string;
      received: number;
      pokes: Array<{ userId: string }>;
    };
    expect(first).toMatchObject({ outcome: "processed", received: 1 });
    expect(first.pokes.map((p) => p.userId)).toEqual([actors.staff.user!.id]);
    expect(
      await must(
        service.rpc("receive_whatsapp_events", { body_sha256: body, events: events as never }),
        "replay",
      ),
    ).toEqual({
      outcome: "duplicate",
    });
    const other = (await must(
      service.rpc("receive_whatsapp_events", {
        body_sha256: crypto.randomBytes(32).toString("hex"),
        events: events as never,
      }),
      "the same message in another delivery",
    )) as { received: number };
    expect(other.received).toBe(0);
    expect((await messagesOf(c.id)).filter((m) => m.direction === "inbound")).toHaveLength(1);
    const timeline = (
      await service.from("contact_activities").select("kind, direction, summary").eq("contact_id", c.id)
    ).data;
    expect(timeline).toEqual([
      { kind: "whatsapp", direction: "inbound", summary: "WhatsApp received: Is the flat still free?" },
    ]);

    const stranger = phone();
    const lead = (await must(
      service.rpc("receive_whatsapp_events", {
        body_sha256: crypto.randomBytes(32).toString("hex"),
        events: [
          {
            type: "message",
            wa_message_id: `${wamid}.2`,
            from: stranger,
            name: `Stranger ${tag}`,
            body: "Land in Tema?",
            at: new Date().toISOString(),
          },
        ] as never,
      }),
      "stranger",
    )) as { new_leads: number; leads: string[] };
    expect(lead.new_leads).toBe(1);
    const sub = (
      await service
        .from("contact_submissions")
        .select("full_name, email, phone, message, source_host")
        .eq("id", lead.leads[0]!)
        .single()
    ).data;
    expect(sub).toEqual({
      full_name: `Stranger ${tag}`,
      email: null,
      phone: stranger,
      message: "Land in Tema?",
      source_host: "whatsapp",
    });
    expect(
      await letters(
        "whatsapp_messages · select (unknown number)",
        async (a) =>
          (
            (await a.client.from("whatsapp_messages").select("id").eq("wa_message_id", `${wamid}.2`)).data ??
            []
          ).length === 1,
      ),
    ).toBe("NNNNYNY");
    await service.from("whatsapp_messages").delete().eq("wa_message_id", `${wamid}.2`);
  });
});
