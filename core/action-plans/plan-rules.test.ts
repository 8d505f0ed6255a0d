import { describe, expect, it } from "vitest";
import { planStepSchema, replyRate, type PlanStep } from "./plan-schema.ts";
import {
  DAILY_MESSAGE_CAP,
  decideStep,
  describeStep,
  isQuietTime,
  messageRefusal,
  nextMorning,
  nextSendTime,
  nextStepAt,
  planProblems,
  renderPlanText,
  taskDueAt,
  triggerProblems,
  type Recipient,
} from "./plan-rules.ts";

const at = (iso: string) => new Date(iso);
const step = (s: unknown): PlanStep => planStepSchema.parse(s);
const TEMPLATES = [
  { name: "consultation_confirmation", language: "en", param_count: 3, is_active: true },
  { name: "new_listings_offer", language: "en", param_count: 1, is_active: true },
  { name: "retired_template", language: "en", param_count: 0, is_active: false },
];
const confirmation = step({
  kind: "whatsapp",
  config: {
    template: "consultation_confirmation",
    params: ["{{first_name}}", "{{service}}", "{{appointment_time}}"],
  },
});
const wait3 = step({ kind: "wait", config: { amount: 3, unit: "days" } });
const email = step({
  kind: "email",
  config: { subject: "Following up", body: "Dear {{first_name}}", purpose: "transactional" },
});
const task = step({
  kind: "task",
  config: { title: "Call {{first_name}}", due_in: { amount: 1, unit: "days" }, priority: "high" },
});

const allowed: Recipient = {
  anonymised: false,
  consent_status: "given",
  marketing_consent: false,
  whatsapp_opt_in: true,
  phone: "+233241234567",
  email: "ama@example.com",
  has_transaction: true,
  suppression: null,
};

describe("a plan's steps", () => {
  it("the demo plan (WhatsApp now → task due in a day → wait 3 days → e-mail) is valid", () => {
    expect(planProblems([confirmation, task, wait3, email], TEMPLATES)).toEqual([]);
  });

  it("refuses a plan with no steps", () => {
    expect(planProblems([], TEMPLATES)).toEqual([{ step: null, message: "A plan needs at least one step." }]);
  });

  it("refuses a wait of zero, and a loop that does not wait", () => {
    expect(
      planStepSchema.safeParse({ kind: "wait", config: { amount: 0, unit: "hours" } }).error?.issues[0]
        ?.message,
    ).toBe("A wait lasts at least 1 hour or day (a wait of zero would not wait)");
    const loop = step({ kind: "repeat", config: { to_step: 1, times: 3 } });
    expect(planProblems([confirmation, task, loop], TEMPLATES)).toEqual([
      {
        step: 2,
        message: "Steps 1–2 would repeat without waiting: add a wait of at least 1 hour to the loop.",
      },
    ]);
    expect(planProblems([confirmation, wait3, loop], TEMPLATES)).toEqual([]);
    expect(
      planProblems([step({ kind: "repeat", config: { to_step: 1, times: 1 } })], TEMPLATES)[0]?.message,
    ).toBe("A repeat goes back to an earlier step.");
  });

  it("refuses a template whose parameters do not match, or one that is not approved", () => {
    const short = step({
      kind: "whatsapp",
      config: { template: "consultation_confirmation", params: ["{{first_name}}"] },
    });
    expect(planProblems([short], TEMPLATES)).toEqual([
      { step: 0, message: 'The template "consultation_confirmation" takes 3 parameters; 1 was given.' },
    ]);
    const retired = step({ kind: "whatsapp", config: { template: "retired_template", params: [] } });
    expect(planProblems([retired], TEMPLATES)[0]?.message).toBe(
      '"retired_template" (en) is not an approved template.',
    );
  });

  it("refuses unknown merge fields", () => {
    const typo = step({ kind: "notify", config: { title: "Call {{firstname}}" } });
    expect(planProblems([typo], TEMPLATES)).toEqual([
      { step: 0, message: "{{firstname}} is not a merge field." },
    ]);
  });

  it("a trigger names what it waits for", () => {
    const base = {
      name: "x",
      description: "",
      scope: "shared" as const,
      is_active: true,
      trigger_inbox: null,
      trigger_stage: null,
      trigger_tag: null,
      trigger_deal_stage_id: null,
      trigger_days: null,
      pause_on_reply: true,
      quiet_start: 20,
      quiet_end: 8,
    };
    expect(triggerProblems({ ...base, trigger_kind: "inbox_item" })).toEqual({
      trigger_inbox: "Choose which inbox starts the plan",
    });
    expect(triggerProblems({ ...base, trigger_kind: "inbox_item", trigger_inbox: "consultations" })).toEqual(
      {},
    );
    expect(triggerProblems({ ...base, trigger_kind: "invoice_overdue" })).toEqual({
      trigger_days: "Enter the number of days",
    });
    expect(triggerProblems({ ...base, trigger_kind: "manual" })).toEqual({});
  });
});

describe("merge fields", () => {
  it("fill from the run's records, empty when missing, unknown ones left as written", () => {
    expect(
      renderPlanText("Hi {{first_name}}, see you {{ appointment_time }} {{nope}}", { first_name: "Ama" }),
    ).toBe("Hi Ama, see you  {{nope}}");
  });
});

describe("quiet hours in Africa/Accra (fixed clock)", () => {
  it("20:00–08:00 is quiet by default", () => {
    expect(isQuietTime(at("2026-12-01T19:59:00Z"))).toBe(false);
    expect(isQuietTime(at("2026-12-01T20:00:00Z"))).toBe(true);
    expect(isQuietTime(at("2026-12-02T07:59:00Z"))).toBe(true);
    expect(isQuietTime(at("2026-12-02T08:00:00Z"))).toBe(false);
  });

  it("a message due in quiet hours moves to 08:00 (the same morning after midnight, else the next)", () => {
    expect(nextSendTime(at("2026-12-01T21:30:00Z")).toISOString()).toBe("2026-12-02T08:00:00.000Z");
    expect(nextSendTime(at("2026-12-02T03:15:00Z")).toISOString()).toBe("2026-12-02T08:00:00.000Z");
    expect(nextSendTime(at("2026-12-02T10:00:00Z")).toISOString()).toBe("2026-12-02T10:00:00.000Z");
    // A plan's own window, e.g. 18:00–09:00.
    expect(nextSendTime(at("2026-12-02T18:30:00Z"), { start: 18, end: 9 }).toISOString()).toBe(
      "2026-12-03T09:00:00.000Z",
    );
    expect(nextMorning(at("2026-12-02T10:00:00Z")).toISOString()).toBe("2026-12-03T08:00:00.000Z");
  });
});

describe("when the next step runs", () => {
  it("after a wait its length, after anything else at once; a task's due offset", () => {
    const now = at("2026-12-01T10:00:00Z");
    expect(nextStepAt(wait3, now).toISOString()).toBe("2026-12-04T10:00:00.000Z");
    expect(nextStepAt(confirmation, now)).toEqual(now);
    expect(taskDueAt(task as Extract<PlanStep, { kind: "task" }>, now).toISOString()).toBe(
      "2026-12-02T10:00:00.000Z",
    );
  });
});

describe("consent (Act 843), opt-in, suppression", () => {
  it("WhatsApp needs the opt-in and a number; marketing needs marketing consent", () => {
    expect(messageRefusal("whatsapp", "transactional", allowed)).toBeNull();
    expect(messageRefusal("whatsapp", "transactional", { ...allowed, whatsapp_opt_in: false })).toBe(
      "the contact has not opted in to WhatsApp messages",
    );
    expect(messageRefusal("whatsapp", "transactional", { ...allowed, phone: null })).toBe(
      "the contact has no valid WhatsApp number",
    );
    expect(messageRefusal("whatsapp", "marketing", allowed)).toBe(
      "marketing needs the contact's marketing consent",
    );
    expect(messageRefusal("whatsapp", "marketing", { ...allowed, marketing_consent: true })).toBeNull();
  });

  it("transactional messages reach anyone with a transaction; withdrawn consent or anonymised: nothing", () => {
    expect(messageRefusal("email", "transactional", { ...allowed, has_transaction: false })).toBe(
      "the contact has no appointment, invoice or deal with us (and no marketing consent)",
    );
    expect(messageRefusal("email", "transactional", { ...allowed, consent_status: "withdrawn" })).toBe(
      "the contact withdrew consent (Act 843)",
    );
    expect(messageRefusal("email", "transactional", { ...allowed, anonymised: true })).toBe(
      "the contact was anonymised",
    );
  });

  it("the suppression list: unsubscribed stops marketing, a bounce or complaint stops all mail", () => {
    const consenting = { ...allowed, marketing_consent: true };
    expect(messageRefusal("email", "marketing", { ...consenting, suppression: "unsubscribed" })).toBe(
      "the address is on the suppression list (unsubscribed)",
    );
    expect(
      messageRefusal("email", "transactional", { ...consenting, suppression: "unsubscribed" }),
    ).toBeNull();
    expect(messageRefusal("email", "transactional", { ...consenting, suppression: "bounced" })).toBe(
      "the address is on the suppression list (bounced)",
    );
  });
});

describe("the decision for a due step (fixed clock)", () => {
  const due = {
    quiet: { start: 20, end: 8 },
    recipient: allowed,
    messagesToday: 0,
    templateCategory: "utility" as const,
  };

  it("sends now in the day, waits for 08:00 at night", () => {
    expect(decideStep({ ...due, step: confirmation }, at("2026-12-01T14:00:00Z"))).toEqual({
      action: "run",
      nextAt: at("2026-12-01T14:00:00Z"),
    });
    expect(decideStep({ ...due, step: confirmation }, at("2026-12-01T22:10:00Z"))).toEqual({
      action: "defer",
      until: at("2026-12-02T08:00:00Z"),
      reason: "quiet hours",
    });
  });

  it("tasks, stage moves and notifications run at any hour", () => {
    expect(decideStep({ ...due, step: task }, at("2026-12-01T23:00:00Z")).action).toBe("run");
  });

  it("skips what consent does not allow, and goes on", () => {
    expect(
      decideStep(
        { ...due, step: confirmation, recipient: { ...allowed, whatsapp_opt_in: false } },
        at("2026-12-01T14:00:00Z"),
      ),
    ).toEqual({
      action: "skip",
      reason: "the contact has not opted in to WhatsApp messages",
      nextAt: at("2026-12-01T14:00:00Z"),
    });
    // A marketing template is marketing, whatever the plan says.
    expect(
      decideStep({ ...due, step: confirmation, templateCategory: "marketing" }, at("2026-12-01T14:00:00Z"))
        .action,
    ).toBe("skip");
  });

  it("holds the third message of the day until the next morning", () => {
    expect(
      decideStep({ ...due, step: email, messagesToday: DAILY_MESSAGE_CAP }, at("2026-12-01T14:00:00Z")),
    ).toEqual({ action: "defer", until: at("2026-12-02T08:00:00Z"), reason: "daily limit of 2 messages" });
  });

  it("completes a run past its last step", () => {
    expect(decideStep({ ...due, step: null }, at("2026-12-01T14:00:00Z"))).toEqual({ action: "complete" });
  });
});

describe("words", () => {
  it("describe steps and the reply rate", () => {
    expect(describeStep(wait3)).toBe("Wait 3 days");
    expect(describeStep(task)).toBe('Task "Call {{first_name}}" due in 1 day');
    expect(replyRate({ replied: 1, total: 3 })).toBe(33);
    expect(replyRate({ replied: 0, total: 0 })).toBeNull();
  });
});
