/** The service pages' content: exactly the spec's 14 slugs, each with enough to say. */
import { describe, expect, it } from "vitest";
import { SERVICE_SLUGS } from "#core/services.ts";
import { SERVICES } from "./services-data.ts";

describe("service pages", () => {
  it("have content for exactly the 14 slugs of the spec", () => {
    expect(SERVICES.map((s) => s.slug).sort()).toEqual([...SERVICE_SLUGS].sort());
    for (const s of SERVICES) {
      expect(s.included.length, s.slug).toBeGreaterThanOrEqual(3);
      expect(s.process.length, s.slug).toBeGreaterThanOrEqual(3);
      expect(s.faqs.length, s.slug).toBeGreaterThanOrEqual(1);
    }
  });
});
