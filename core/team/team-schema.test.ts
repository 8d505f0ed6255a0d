import { describe, expect, it } from "vitest";
import {
  deactivateRequestSchema,
  invitationExpiry,
  inviteRequestSchema,
  lacksRequiredFactor,
  memberStatus,
  memberUpdateSchema,
  teamInviteEmail,
} from "./team-schema.ts";

const branch = "00000000-0000-4000-b870-000000000001";
const invite = {
  email: "Akosua@Example.com ",
  firstName: "Akosua",
  lastName: "Frimpong",
  role: "staff",
  branchId: branch,
};

describe("invitation requests", () => {
  it("accept a valid one and normalise the address", () => {
    expect(inviteRequestSchema.parse(invite).email).toBe("akosua@example.com");
  });
  it("refuse an invalid e-mail, an unknown role or a malformed branch, naming the field", () => {
    const bad = (patch: Record<string, unknown>) =>
      inviteRequestSchema.safeParse({ ...invite, ...patch }).error?.issues[0];
    expect(bad({ email: "akosua@" })?.path).toEqual(["email"]);
    expect(bad({ role: "partner" })).toMatchObject({ path: ["role"], message: "Choose admin or staff" });
    expect(bad({ branchId: "kumasi" })).toMatchObject({ path: ["branchId"], message: "Unknown branch" });
    expect(bad({ firstName: "  " })?.path).toEqual(["firstName"]);
  });
});

describe("member changes", () => {
  it("a role may be removed (null) but not made up; the version seen is required", () => {
    expect(memberUpdateSchema.safeParse({ role: null, branchId: null, expectedUpdatedAt: "x" }).success).toBe(
      true,
    );
    expect(
      memberUpdateSchema.safeParse({ role: "owner", branchId: null, expectedUpdatedAt: "x" }).success,
    ).toBe(false);
    expect(
      memberUpdateSchema.safeParse({ role: "staff", branchId: null, expectedUpdatedAt: "" }).success,
    ).toBe(false);
  });
  it("a hand-over names a member id or nobody", () => {
    expect(deactivateRequestSchema.safeParse({ handTo: null, expectedUpdatedAt: "x" }).success).toBe(true);
    expect(
      deactivateRequestSchema.safeParse({ handTo: "Yaw", expectedUpdatedAt: "x" }).error?.issues[0]?.path,
    ).toEqual(["handTo"]);
  });
});

describe("status and two-factor", () => {
  it("deactivated wins, unconfirmed accounts are invited", () => {
    expect(memberStatus({ deactivated_at: "2026-11-01T00:00:00Z", confirmed: true })).toBe("deactivated");
    expect(memberStatus({ deactivated_at: null, confirmed: false })).toBe("invited");
    expect(memberStatus({ deactivated_at: null, confirmed: true })).toBe("active");
  });
  it("a member the policy covers is compliant only with a factor; one it does not cover always is", () => {
    expect(lacksRequiredFactor({ two_factor: false, two_factor_required: true })).toBe(true);
    expect(lacksRequiredFactor({ two_factor: true, two_factor_required: true })).toBe(false);
    expect(lacksRequiredFactor({ two_factor: false, two_factor_required: false })).toBe(false);
  });
});

describe("the invitation mail", () => {
  it("lives 7 days and says until when, escaping names", () => {
    const from = new Date("2026-11-27T10:00:00Z");
    const until = invitationExpiry(from);
    expect(until.toISOString()).toBe("2026-12-04T10:00:00.000Z");
    const mail = teamInviteEmail({
      personName: "Kofi <b>",
      inviterName: "Kwame Mensah",
      role: "staff",
      link: "https://crm.example/x?a=1&b=2",
      expiresAt: until,
    });
    expect(mail.text).toContain("until 4 December 2026");
    expect(mail.html).toContain("Kofi &lt;b&gt;");
    expect(mail.html).toContain("a=1&amp;b=2");
  });
});
