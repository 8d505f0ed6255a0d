import { describe, expect, it } from "vitest";
import {
  cloudTemplateMessage,
  cloudTemplateMessageSchema,
  fromWaDigits,
  isOptOut,
  renderTemplate,
  templateParamCount,
  templateParamsProblem,
  validWhatsAppSignature,
  waDigits,
  webhookEvents,
  whatsappE164,
  whatsappSignature,
  whatsappWebhookSchema,
} from "./whatsapp.ts";

describe("numbers", () => {
  it("are stored in E.164 and sent as digits", () => {
    expect(whatsappE164("024 123 4567")).toBe("+233241234567");
    expect(whatsappE164("+233 24 123 4567")).toBe("+233241234567");
    expect(whatsappE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(whatsappE164("0241")).toBeNull();
    expect(whatsappE164("call me")).toBeNull();
    expect(waDigits("+233241234567")).toBe("233241234567");
    expect(fromWaDigits("233241234567")).toBe("+233241234567");
    expect(fromWaDigits("+233")).toBeNull();
  });
});

describe("templates", () => {
  const body = "Hello {{1}}, your {{2}} consultation is on {{3}}. Reply here to reach {{1}}'s adviser.";
  it("count their numbered parameters and refuse a list that does not fit", () => {
    expect(templateParamCount(body)).toBe(3);
    expect(templateParamCount("No parameters")).toBe(0);
    const t = { name: "consultation_confirmation", param_count: 3 };
    expect(templateParamsProblem(t, ["Ama", "valuation", "Tue 2 Dec 10:00"])).toBeNull();
    expect(templateParamsProblem(t, ["Ama"])).toBe(
      'The template "consultation_confirmation" takes 3 parameters; 1 was given.',
    );
    expect(templateParamsProblem(t, ["Ama", " ", "x"])).toBe(
      'Parameter {{2}} of "consultation_confirmation" is empty.',
    );
    expect(renderTemplate(body, ["Ama", "valuation", "Tue 10:00"])).toBe(
      "Hello Ama, your valuation consultation is on Tue 10:00. Reply here to reach Ama's adviser.",
    );
  });

  it("are sent in the Cloud API's shape", () => {
    const msg = cloudTemplateMessage({
      toE164: "+233241234567",
      template: "consultation_confirmation",
      language: "en",
      params: ["Ama", "valuation", "Tue 10:00"],
      reference: "0b9c0f52-6c55-4e77-9f0e-7d2f4d1f0c11",
    });
    expect(cloudTemplateMessageSchema.parse(msg)).toEqual(msg);
    expect(msg.to).toBe("233241234567");
    expect(msg.template.components?.[0]?.parameters.map((p) => p.text)).toEqual([
      "Ama",
      "valuation",
      "Tue 10:00",
    ]);
  });
});

describe("the webhook", () => {
  const secret = "app-secret";
  const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });

  it("is signed X-Hub-Signature-256 = sha256=<HMAC-SHA256 hex of the raw body>", async () => {
    const sig = await whatsappSignature(secret, body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await validWhatsAppSignature(secret, body, sig)).toBe(true);
    expect(await validWhatsAppSignature(secret, `${body} `, sig)).toBe(false);
    expect(await validWhatsAppSignature("other-secret", body, sig)).toBe(false);
    expect(await validWhatsAppSignature(secret, body, null)).toBe(false);
    expect(await validWhatsAppSignature(secret, body, "sha1=abc")).toBe(false);
  });

  it("flattens statuses and incoming messages", () => {
    const payload = whatsappWebhookSchema.parse({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "WABA",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "233302000100", phone_number_id: "1" },
                contacts: [{ wa_id: "233241234567", profile: { name: "Ama Mensah" } }],
                messages: [
                  {
                    from: "233241234567",
                    id: "wamid.in1",
                    timestamp: "1764590400",
                    type: "text",
                    text: { body: "Yes, see you then" },
                  },
                ],
                statuses: [
                  {
                    id: "wamid.out1",
                    status: "failed",
                    timestamp: "1764590400",
                    biz_opaque_callback_data: "0B9C0F52-6C55-4E77-9F0E-7D2F4D1F0C11",
                    errors: [{ code: 131026, title: "Message undeliverable" }],
                  },
                  { id: "wamid.out2", status: "deleted", timestamp: "1764590400" },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(webhookEvents(payload)).toEqual([
      {
        type: "status",
        wa_message_id: "wamid.out1",
        status: "failed",
        at: "2025-12-01T12:00:00.000Z",
        reference: "0b9c0f52-6c55-4e77-9f0e-7d2f4d1f0c11",
        error: "131026 Message undeliverable",
      },
      {
        type: "message",
        wa_message_id: "wamid.in1",
        from: "+233241234567",
        name: "Ama Mensah",
        body: "Yes, see you then",
        at: "2025-12-01T12:00:00.000Z",
      },
    ]);
  });

  it("knows an opt-out when it sees one", () => {
    expect(isOptOut("STOP")).toBe(true);
    expect(isOptOut(" stop. ")).toBe(true);
    expect(isOptOut("Please don't stop the viewing")).toBe(false);
  });
});
