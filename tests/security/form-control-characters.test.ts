/**
 * Issue 22, item 8: control characters from public forms. A name with "\r\nBcc: …" reached staff
 * notification mail subjects raw, and a NUL in any field answered 503 with Retry-After (telling
 * the browser to retry what can never be stored). Every single-line field refuses control
 * characters, a multi-line one everything but line breaks and tabs: 400, the field named, nothing
 * stored.
 */
import { describe, expect, it } from "vitest";
import { formEndpoint, HONEYPOT_FIELD } from "#core/form-fields.ts";
import { edge, freshLoopback } from "./support.ts";
import { newTag, service } from "./team.ts";

const tag = newTag();
const contact = {
  full_name: `Ama Mensah ${tag}`,
  email: `ama.${tag}@tests.example`,
  phone: "024 412 3456",
  message: "I would like to view the house in East Legon, please.",
  consent: true,
  [HONEYPOT_FIELD]: "",
};

const post = (body: Record<string, unknown>) =>
  edge(formEndpoint("contact"), {
    method: "POST",
    localAddress: freshLoopback(),
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("item 8: control characters are refused with a 400 naming the field", () => {
  it.each([
    ["full_name", `Ama ${tag}\r\nBcc: everyone@example.com`],
    ["full_name", `Ama\u0000 ${tag}`],
    ["subject", `Viewing\nBcc: everyone@example.com`],
    ["message", `A NUL \u0000 can never be stored ${tag}`],
    ["phone", "024 412\u0000 3456"],
  ])("%s with %j", async (field, value) => {
    const res = await post({ ...contact, [field]: value });
    expect(res.status).toBe(400);
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(Object.keys((JSON.parse(res.text) as { errors: Record<string, string> }).errors)).toEqual([field]);
  });

  it("nothing was stored, and the same form without them is accepted", async () => {
    const stored = await service.from("contact_submissions").select("id").like("email", `%${tag}%`);
    expect(stored.data).toEqual([]);
    const ok = await post({ ...contact, message: "Line one\r\nLine two\tindented, still a message." });
    expect(ok.status).toBe(201);
    await service.from("contact_submissions").delete().like("email", `%${tag}%`);
  });
});
