import { describe, expect, it } from "vitest";
import { claimedRunSchema, stepOutcome, textToHtml, type ClaimedRun } from "./plan-runner.ts";

const now = new Date("2026-12-01T10:00:00Z");
const claimed = (step: unknown, extra: Partial<ClaimedRun> = {}): ClaimedRun =>
  claimedRunSchema.parse({
    run_id: "r1",
    claim_token: "t1",
    plan_id: "p1",
    plan_name: "New consultation follow-up",
    quiet_start: 20,
    quiet_end: 8,
    position: 0,
    iteration: 0,
    step,
    template_category: "utility",
    recipient: {
      anonymised: false,
      consent_status: "given",
      marketing_consent: false,
      whatsapp_opt_in: true,
      phone: "+233241234567",
      email: "ama@example.com",
      has_transaction: true,
      suppression: null,
    },
    messages_today: 0,
    merge: { first_name: "Ama", service: "property valuation", appointment_date: "Tuesday 2 December 2026" },
    appointment: null,
    ...extra,
  });

describe("the outcome the runner records", () => {
  it("fills a WhatsApp step's parameters, with the cap and the next morning for the database", () => {
    const out = stepOutcome(
      claimed({
        kind: "whatsapp",
        config: {
          template: "consultation_confirmation",
          params: ["{{first_name}}", "{{service}}", "{{appointment_date}}"],
        },
      }),
      now,
    );
    expect(out).toEqual({
      action: "run",
      next_at: now.toISOString(),
      cap: 2,
      cap_until: "2026-12-02T08:00:00.000Z",
      params: ["Ama", "property valuation", "Tuesday 2 December 2026"],
    });
  });

  it("an e-mail's text and escaped HTML; a task's due time; extra merge values (the signed link)", () => {
    const mail = stepOutcome(
      claimed({
        kind: "email",
        config: {
          subject: "Hi {{first_name}}",
          body: "See <you>\n\nat {{reschedule_link}}",
          purpose: "transactional",
        },
      }),
      now,
      { reschedule_link: "https://consult.example/appointment#x" },
    );
    expect(mail).toMatchObject({
      subject: "Hi Ama",
      text: "See <you>\n\nat https://consult.example/appointment#x",
      html: "<p>See &lt;you&gt;</p>\n<p>at https://consult.example/appointment#x</p>",
    });
    const task = stepOutcome(
      claimed({
        kind: "task",
        config: { title: "Call {{first_name}}", due_in: { amount: 1, unit: "days" } },
      }),
      now,
    );
    expect(task).toMatchObject({ title: "Call Ama", due_at: "2026-12-02T10:00:00.000Z" });
  });

  it("defers at night, skips without consent, skips a step it cannot read, completes past the end", () => {
    const wa = {
      kind: "whatsapp",
      config: { template: "consultation_confirmation", params: ["a", "b", "c"] },
    };
    expect(stepOutcome(claimed(wa), new Date("2026-12-01T23:00:00Z"))).toEqual({
      action: "defer",
      until: "2026-12-02T08:00:00.000Z",
      reason: "quiet hours",
    });
    const noOptIn = claimed(wa);
    noOptIn.recipient.whatsapp_opt_in = false;
    expect(stepOutcome(noOptIn, now)).toMatchObject({
      action: "skip",
      reason: "the contact has not opted in to WhatsApp messages",
    });
    expect(stepOutcome(claimed({ kind: "wait", config: { amount: 0, unit: "days" } }), now)).toMatchObject({
      action: "skip",
      reason: "the step is not valid (A wait lasts at least 1 hour or day (a wait of zero would not wait))",
    });
    expect(stepOutcome(claimed(null), now)).toEqual({ action: "complete" });
  });

  it("text to HTML keeps paragraphs and line breaks and escapes markup", () => {
    expect(textToHtml("a & b\nc\n\n<d>")).toBe("<p>a &amp; b<br>c</p>\n<p>&lt;d&gt;</p>");
  });
});
