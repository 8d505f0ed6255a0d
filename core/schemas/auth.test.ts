import { describe, expect, it } from "vitest";
import { newPasswordSchema } from "./auth.ts";

describe("newPasswordSchema", () => {
  it("needs 8+ characters and a matching confirmation", () => {
    expect(newPasswordSchema.safeParse({ password: "short", confirm: "short" }).success).toBe(false);
    const mismatch = newPasswordSchema.safeParse({ password: "long-enough", confirm: "long-enougH" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues[0]!.path).toEqual(["confirm"]);
    expect(newPasswordSchema.safeParse({ password: "long-enough", confirm: "long-enough" }).success).toBe(
      true,
    );
  });
});
