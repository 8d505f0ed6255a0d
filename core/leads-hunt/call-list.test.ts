/** The call list's order and the outcomes' timeline lines, with worked examples. */
import { describe, expect, it } from "vitest";
import { callReason, outcomeSummary, prioritise, type CallLead } from "./call-list.ts";

const now = new Date("2026-11-23T10:00:00Z");
const lead = (id: string, over: Partial<CallLead>): CallLead => ({
  id,
  display_name: `Lead ${id}`,
  phone: "+233241234567",
  email: null,
  stage: "lead",
  source: "referral",
  city: "Accra",
  neighbourhood: null,
  last_activity_at: null,
  created_at: "2026-11-01T09:00:00Z",
  ...over,
});

describe("the call list", () => {
  it("puts new form submissions first (newest first), then never contacted, then the longest silent", () => {
    const list = prioritise(
      [
        lead("silent-10d", { last_activity_at: "2026-11-13T10:00:00Z" }),
        lead("recent", { last_activity_at: "2026-11-22T10:00:00Z" }),
        lead("never", {}),
        lead("form-old", { source: "website_form", created_at: "2026-11-22T08:00:00Z" }),
        lead("form-new", { source: "website_form", created_at: "2026-11-23T08:00:00Z" }),
        lead("silent-30d", { last_activity_at: "2026-10-24T10:00:00Z" }),
        lead("no-phone", { phone: null }),
      ],
      now,
    );
    expect(list.map((l) => l.id)).toEqual(["form-new", "form-old", "never", "silent-30d", "silent-10d"]);
  });

  it("a form submission already called is no longer new", () => {
    expect(callReason(lead("x", { source: "website_form", created_at: "2026-11-23T08:00:00Z", last_activity_at: "2026-11-23T09:00:00Z" }), now)).toBeNull();
  });

  it("writes one line per outcome", () => {
    expect(outcomeSummary("no_answer", null, String)).toBe("Call: no answer");
    expect(outcomeSummary("call_back", "2026-11-24T15:00:00Z", () => "tomorrow 15:00")).toBe("Call: asked to be called back tomorrow 15:00");
    expect(outcomeSummary("wrong_number", null, String)).toBe("Call: wrong number");
  });
});
