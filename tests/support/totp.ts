/**
 * TOTP codes for tests. A code is accepted once per time step (RFC 6238 §5.2, which the
 * emulator enforces), and GoTrue accepts the next step's code early (±1 step), so a test that
 * verifies the same factor twice asks for a fresh code: the next unused step of this process,
 * waiting for the clock only when both the current and the next step are spent.
 */
import * as OTPAuth from "otpauth";

const PERIOD_MS = 30_000;
const lastStep = new Map<string, number>();

export function totpAt(secret: string, timestamp: number): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_MS / 1000,
  }).generate({ timestamp });
}

/** A code of a time step this process has not used for `secret` yet. */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / PERIOD_MS);
    const step = Math.max(current, (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return totpAt(secret, step * PERIOD_MS + 1000);
    }
    await new Promise((r) => setTimeout(r, (current + 1) * PERIOD_MS - Date.now() + 50));
  }
}
