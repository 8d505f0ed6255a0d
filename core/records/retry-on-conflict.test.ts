import { describe, expect, it } from "vitest";
import { isConflict, retryOnConflict } from "./retry-on-conflict.ts";

/** A request that answers the given results in turn, counting how often it was sent. */
function answers(...results: { data?: string; error: unknown }[]) {
  let sent = 0;
  const send = () => Promise.resolve(results[Math.min(sent++, results.length - 1)]!);
  return { send, sent: () => sent };
}
const noPause = () => 0;

describe("retryOnConflict", () => {
  it("sends again after a deadlock or a serialization failure, and returns the success", async () => {
    const r = answers(
      { error: { code: "40P01" } },
      { error: { code: "40001" } },
      { data: "RCP-2026-0007", error: null },
    );
    expect(await retryOnConflict(r.send, 3, noPause)).toEqual({ data: "RCP-2026-0007", error: null });
    expect(r.sent()).toBe(3);
  });

  it("gives up after the attempts allowed and returns the last conflict", async () => {
    const r = answers({ error: { code: "40P01", message: "deadlock detected" } });
    expect((await retryOnConflict(r.send, 2, noPause)).error).toEqual({
      code: "40P01",
      message: "deadlock detected",
    });
    expect(r.sent()).toBe(2);
  });

  it("never repeats a request refused for any other reason", async () => {
    const r = answers({
      error: { code: "P0001", message: "INV-2026-0003 cannot take a payment (it is void)." },
    });
    expect((await retryOnConflict(r.send, 3, noPause)).error).toMatchObject({ code: "P0001" });
    expect(r.sent()).toBe(1);
  });

  it("knows a conflict by its SQLSTATE only", () => {
    expect(isConflict({ code: "40001" })).toBe(true);
    expect(isConflict({ code: "40P01" })).toBe(true);
    expect(isConflict({ code: "23505" })).toBe(false);
    expect(isConflict(null)).toBe(false);
    expect(isConflict(new TypeError("fetch failed"))).toBe(false);
  });
});
