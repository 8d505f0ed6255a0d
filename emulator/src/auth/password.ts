/** Password hashing (bcrypt, cost 10 like GoTrue; seeds' pgcrypto `$2a$` hashes verify too) and GoTrue's strength check. */
import bcrypt from "bcryptjs";
import { AuthError, badRequest } from "./errors.ts";

export const MAX_PASSWORD_LENGTH = 72;
const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith("$2")) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** GoTrue's checkPasswordStrength: 400 over 72 characters, 422 weak_password under the minimum. */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest("validation_failed", `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (password.length < minLength) {
    throw new AuthError(422, "weak_password", `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
}
