/** Shared by the Storage conformance suites. */
import { expect } from "vitest";

export type StorageErrorLike = { message: string; statusCode?: string; status?: number } | null;

/** Storage errors arrive as HTTP 400 with the semantic status in the body's `statusCode`. */
export function expectStorageError(error: unknown, statusCode: string, message: string | RegExp) {
  const e = error as StorageErrorLike;
  expect(e, `expected a storage error ${statusCode}`).not.toBeNull();
  expect(e!.statusCode).toBe(statusCode);
  if (typeof message === "string") expect(e!.message).toBe(message);
  else expect(e!.message).toMatch(message);
}
