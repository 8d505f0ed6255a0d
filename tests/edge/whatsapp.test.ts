/**
 * WhatsApp on the running stack (the edge worker, its job runner, the emulator's WhatsApp sandbox):
 *  - GET /api/whatsapp/webhook answers the Cloud API's verification handshake only with the token;
 *  - POST /api/whatsapp/webhook takes a body signed with WHATSAPP_APP_SECRET (X-Hub-Signature-256)
 *    and refuses a forged one (401), a replayed one (200 duplicate, nothing changes), a 10 MB one
 *    (413) — the edge goes on answering;
 *  - a template queued for a contact is sent by deliver-whatsapp to the sandbox (E.164 digits,
 *    template, parameters) and its statuses come back through the sandbox's signed webhooks;
 *  - a reply lands on the contact's timeline and notifies the owner; a message from an unknown
 *    number becomes a new lead in the contact-submissions inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_VERIFY_TOKEN,
  WHATSAPP_SANDBOX_MESSAGES_PATH,
  WHATSAPP_SANDBOX_PATH,
  WHATSAPP_WEBHOOK_PATH,
  whatsappSignature,
  type SandboxMessage,
} from "#core/whatsapp/whatsapp.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { waitUntil } from "../support/wait.ts";
import { edge, kickJobs } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let staff: TestUser;
let token = "";
let seq = Math.floor(Math.random() * 9_000_000);
const phone = () => {
  seq = (seq + 7919) % 10_000_000;
  return `+23324${String(seq).padStart(7, "0")}`;
};

const sandbox = async (to: string): Promise<SandboxMessage[]> =>
  (
    (await (
      await fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_MESSAGES_PATH}?to=${to.replace("+", "")}`)
    ).json()) as { messages: SandboxMessage[] }
  ).messages;

const post = async (body: string, signature?: string | null) =>
  edge(WHATSAPP_WEBHOOK_PATH, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature === null
        ? {}
        : { "x-hub-signature-256": signature ?? (await whatsappSignature(LOCAL_WHATSAPP_APP_SECRET, body)) }),
    },
    body,
  });

const inbound = (from: string, id: string, text: string) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "200000000000002",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "233302000100", phone_number_id: "100000000000001" },
              contacts: [{ wa_id: from.replace("+", ""), profile: { name: `Caller ${tag}` } }],
              messages: [
                {
                  from: from.replace("+", ""),
                  id,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });

async function contact(name: string): Promise<{ id: string; phone: string }> {
  const p = phone();
  const { data, error } = await service
    .from("contacts")
    .insert({
      first_name: name,
      last_name: `Wa-${tag}`,
      phone: p,
      owner_id: staff.id,
      whatsapp_opt_in: true,
      consent_status: "given",
      consent_source: "in_person",
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return { id: (data as { id: string }).id, phone: p };
}

beforeAll(async () => {
  staff = await createTestUser({ role: "staff" });
  const { data } = await (await signedInClient(staff.email, staff.password)).auth.getSession();
  token = data.session!.access_token;
}, 60_000);

afterAll(async () => {
  const { data } = await service.from("contacts").select("id").eq("last_name", `Wa-${tag}`);
  const ids = ((data ?? []) as { id: string }[]).map((r) => r.id);
  if (ids.length) {
    await service.from("whatsapp_messages").delete().in("contact_id", ids);
    await service.from("contacts").delete().in("id", ids);
  }
  await service.from("contact_submissions").delete().like("full_name", `%${tag}%`);
  if (staff) await deleteTestUser(staff.id);
});

describe("the webhook", () => {
  it("answers the verification handshake only with the verify token", async () => {
    const ok = await edge(
      `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${LOCAL_WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect([ok.status, ok.text]).toEqual([200, "1158201444"]);
    const bad = await edge(
      `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`,
    );
    expect(bad.status).toBe(403);
  });

  it("takes a signed body once; refuses a forged, a replayed and a 10 MB one, and keeps answering", async () => {
    const c = await contact("Signed");
    const wamid = `wamid.edge${tag}a`;
    const body = inbound(c.phone, wamid, "Hello, is the plot still for sale?");
    const forged = await post(body, await whatsappSignature("not-the-app-secret", body));
    expect(forged.status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    expect((await service.from("whatsapp_messages").select("id").eq("wa_message_id", wamid)).data).toEqual(
      [],
    );

    const first = await post(body);
    expect([first.status, JSON.parse(first.text)]).toEqual([
      200,
      { received: true, outcome: "processed", statuses: 0, messages: 1, new_leads: 0 },
    ]);
    const replay = await post(body);
    expect([replay.status, JSON.parse(replay.text).outcome]).toEqual([200, "duplicate"]);
    expect(
      (await service.from("whatsapp_messages").select("id").eq("wa_message_id", wamid)).data,
    ).toHaveLength(1);
    const timeline = (
      await service.from("contact_activities").select("kind, direction").eq("contact_id", c.id)
    ).data;
    expect(timeline).toEqual([{ kind: "whatsapp", direction: "inbound" }]);
    const notified = (
      await service.from("notifications").select("kind").eq("user_id", staff.id).eq("record_id", c.id)
    ).data;
    expect(notified).toEqual([{ kind: "contact_whatsapp" }]);

    const huge = `{"object":"whatsapp_business_account","entry":[],"pad":"${"x".repeat(10 * 1024 * 1024)}"}`;
    const tooLarge = await post(huge, await whatsappSignature(LOCAL_WHATSAPP_APP_SECRET, huge));
    expect(tooLarge.status).toBe(413);
    const after = await post(inbound(c.phone, `${wamid}b`, "Still there?"));
    expect(after.status, "the edge answers after the 10 MB body").toBe(200);
    expect((await post('{"object":"page"}')).status, "not a WhatsApp body").toBe(400);
  });
});

describe("through the sandbox", () => {
  it("sends a queued template, follows its statuses, and brings the reply and an unknown number in", async () => {
    const c = await contact("Sandbox");
    const client = await signedInClient(staff.email, staff.password);
    const params = ["Efua", "INV-2026-0099", "GHS 2,500.00", "http://localhost/invoice/x"];
    const { error } = await client.from("whatsapp_messages").insert({
      contact_id: c.id,
      direction: "outbound",
      template: "invoice_link",
      language: "en",
      parameters: params,
      body: "-",
      phone: "",
      purpose: "transactional",
      created_by: staff.id,
    });
    expect(error).toBeNull();
    // Kicked on each look so the sender runs now rather than at its next turn.
    const [sent] = await waitUntil(
      "the message in the sandbox",
      async () => {
        const list = await sandbox(c.phone);
        if (list.length) return list;
        await kickJobs(token);
        return null;
      },
      { intervalMs: 500 },
    );
    expect(sent).toMatchObject({
      to: c.phone.replace("+", ""),
      template: "invoice_link",
      parameters: params,
    });
    expect(sent!.body).toContain("invoice INV-2026-0099 from Ghana Realty for GHS 2,500.00");
    const row = await waitUntil("sent in the database", async () => {
      const r = (
        await service
          .from("whatsapp_messages")
          .select("id, status, wa_message_id")
          .eq("contact_id", c.id)
          .single()
      ).data as {
        id: string;
        status: string;
        wa_message_id: string | null;
      };
      return r.status === "sent" && r.wa_message_id === sent!.wa_message_id ? r : null;
    });
    for (const status of ["read", "delivered"] as const) {
      const res = await fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_PATH}/api/messages/${sent!.id}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status }),
      });
      expect(((await res.json()) as { webhook_status: string }).webhook_status).toBe("200");
    }
    const after = (
      await service.from("whatsapp_messages").select("status, read_at").eq("id", row.id).single()
    ).data as { status: string };
    expect(after.status, "a late 'delivered' does not undo 'read'").toBe("read");

    const reply = await fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_PATH}/api/messages/${sent!.id}/reply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Paid by MoMo just now" }),
    });
    expect(((await reply.json()) as { webhook_status: string }).webhook_status).toBe("200");
    const summaries = (
      (await service.from("contact_activities").select("summary").eq("contact_id", c.id)).data ?? []
    ).map((r: { summary: string }) => r.summary);
    expect(summaries).toContain("WhatsApp received: Paid by MoMo just now");

    const stranger = phone();
    const unknown = await fetch(`${SUPABASE_URL}${WHATSAPP_SANDBOX_PATH}/api/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        from: stranger.replace("+", ""),
        name: `Kojo ${tag}`,
        text: "Do you have land in Tema?",
      }),
    });
    expect(((await unknown.json()) as { webhook_status: string }).webhook_status).toBe("200");
    const lead = (
      await service
        .from("contact_submissions")
        .select("full_name, email, phone, message, status")
        .eq("phone", stranger)
    ).data;
    expect(lead).toEqual([
      {
        full_name: `Kojo ${tag}`,
        email: null,
        phone: stranger,
        message: "Do you have land in Tema?",
        status: "new",
      },
    ]);
  }, 90_000);
});
