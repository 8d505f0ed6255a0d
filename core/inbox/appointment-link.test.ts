/** Signed appointment links (core/inbox/appointment-link.ts). */
import { describe, expect, it } from "vitest";
import { appointmentLink, signAppointmentToken, verifyAppointmentToken } from "./appointment-link.ts";

const claims = {
  inbox: "consultations" as const,
  id: "7d1c9a3e-1b2c-4d5e-8f90-123456789abc",
  nonce: "0b6f5d2e-9c8b-4a7d-b6e5-f4a3b2c1d0e9",
  exp: Date.parse("2026-12-08T10:00:00Z") / 1000,
};
const secret = "sb_secret_test";
const before = new Date("2026-12-07T09:00:00Z");

describe("appointment tokens", () => {
  it("round-trips the claims", async () => {
    const token = await signAppointmentToken(claims, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyAppointmentToken(token, secret, before)).toEqual({ ok: true, claims });
  });

  it("refuses another secret, a changed body, an expired link and garbage", async () => {
    const token = await signAppointmentToken(claims, secret);
    expect(await verifyAppointmentToken(token, "another", before)).toEqual({
      ok: false,
      reason: "signature",
    });
    const other = await signAppointmentToken(
      { ...claims, id: "00000000-0000-4000-8000-000000000000" },
      secret,
    );
    const forged = `${other.split(".")[0]}.${token.split(".")[1]}`;
    expect(await verifyAppointmentToken(forged, secret, before)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyAppointmentToken(token, secret, new Date("2026-12-08T10:00:00Z"))).toEqual({
      ok: false,
      reason: "expired",
    });
    for (const bad of ["", "abc", "a.b.c", "%%%.###", `${token}x.y`])
      expect((await verifyAppointmentToken(bad, secret, before)).ok).toBe(false);
  });

  it("refuses a second spelling of the signature (the last character's spare bits)", async () => {
    const token = await signAppointmentToken(claims, secret);
    // 32 bytes in 43 base64url characters: the last one carries 2 spare bits; each of its 4 spellings decodes alike.
    const last = token.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const i = alphabet.indexOf(last);
    const twin = alphabet[(i & ~3) | ((i + 1) & 3)]!;
    expect(await verifyAppointmentToken(`${token.slice(0, -1)}${twin}`, secret, before)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  it("puts the token in the fragment", () => {
    expect(appointmentLink("http://consult.localhost:8787/", "t.k")).toBe(
      "http://consult.localhost:8787/appointment#t.k",
    );
  });
});
