import { describe, expect, it } from "vitest";
import { STALE_URL_SESSION_WARNING_SECONDS } from "./constants.ts";
import { readUrlSession } from "./url-session.ts";

const link = (issuedAt: number, extra = "&type=recovery") =>
  `https://example.com/auth/reset-password#access_token=t&refresh_token=r&expires_in=3600&expires_at=${issuedAt + 3600}&token_type=bearer${extra}`;

describe("readUrlSession", () => {
  it("is null without a session in the fragment", () => {
    expect(readUrlSession("https://example.com/auth", 1000)).toBeNull();
    expect(readUrlSession("https://example.com/#type=recovery", 1000)).toBeNull();
    expect(
      readUrlSession("https://example.com/#access_token=t&expires_at=x&expires_in=3600", 1000),
    ).toBeNull();
  });
  it("is fresh below 120 s and stale from 120 s on", () => {
    const issued = 1_000_000;
    expect(readUrlSession(link(issued), issued + STALE_URL_SESSION_WARNING_SECONDS - 1)).toMatchObject({
      stale: false,
      type: "recovery",
    });
    expect(readUrlSession(link(issued), issued + STALE_URL_SESSION_WARNING_SECONDS)).toMatchObject({
      stale: true,
      ageSeconds: 120,
    });
  });
  it("never reports a negative age (clock skew)", () => {
    expect(readUrlSession(link(2000, ""), 1000)).toMatchObject({ ageSeconds: 0, stale: false, type: null });
  });
});
