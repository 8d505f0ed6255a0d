import { describe, expect, it } from "vitest";
import { readListQuery, writeListQuery } from "../records/list-query.ts";
import { propertyListQuery, publicationState } from "./property-list.ts";

describe("the listings list in the URL", () => {
  it("reads the module's filters and says what it ignored", () => {
    const { query, issues } = readListQuery(
      propertyListQuery,
      new URLSearchParams(
        "status=available&status=reserved&type=land&listing=rent&agent=none&price_min=1000&price_max=abc&published=scheduled&sort=-price",
      ),
    );
    expect(query.filters).toEqual({
      status: ["available", "reserved"],
      type: ["land"],
      listing: "rent",
      agent: "none",
      price_min: 1000,
      published: "scheduled",
    });
    expect(query.sort).toEqual({ column: "price", direction: "desc" });
    expect(issues).toEqual([{ param: "price_max", message: "Maximum price must be a number" }]);
  });
  it("refuses an agent that is neither an id nor 'none', and unknown statuses", () => {
    const { issues } = readListQuery(propertyListQuery, new URLSearchParams("agent=bob&status=lost"));
    expect(issues.map((i) => i.param)).toEqual(["status", "agent"]);
  });
  it("round-trips", () => {
    const q = readListQuery(
      propertyListQuery,
      new URLSearchParams("page=2&city=East%20Legon&currency=USD&q=pool"),
    ).query;
    expect(writeListQuery(propertyListQuery, q).toString()).toBe(
      "page=2&q=pool&city=East+Legon&currency=USD",
    );
  });
});

describe("publicationState", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("null is unpublished; past or now is published; future is scheduled", () => {
    expect(publicationState(null, now)).toBe("unpublished");
    expect(publicationState("2026-11-24T12:00:00Z", now)).toBe("published");
    expect(publicationState("2026-11-20T08:00:00+00:00", now)).toBe("published");
    expect(publicationState("2026-12-01T08:00:00Z", now)).toBe("scheduled");
  });
});
