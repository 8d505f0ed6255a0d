import { describe, expect, it } from "vitest";
import { auditRowSchema, changeLines, formatAuditValue, AUDIT_VALUE_MAX_LENGTH } from "./audit-log.ts";

describe("auditRowSchema", () => {
  it("accepts the contract's columns, numeric or text ids", () => {
    const row = auditRowSchema.parse({
      id: 42,
      table_name: "properties",
      record_id: "7d3c…",
      action: "update",
      actor_id: null,
      created_at: "2026-11-24T10:00:00+00:00",
      changes: { status: { old: "draft", new: "available" } },
    });
    expect(row.id).toBe("42");
  });
  it("refuses an unknown action", () => {
    expect(
      auditRowSchema.safeParse({
        id: "1",
        table_name: "t",
        record_id: "r",
        action: "truncate",
        actor_id: null,
        created_at: "x",
        changes: null,
      }).success,
    ).toBe(false);
  });
});

describe("changeLines", () => {
  const labels = { title: "Title", status: "Status", price: "Price" };

  it("update: what changed, labelled fields first in the labels' order, unchanged and bookkeeping fields left out", () => {
    const lines = changeLines(
      {
        action: "update",
        changes: {
          updated_at: { old: "a", new: "b" },
          zoning: { old: null, new: "residential" },
          price: { old: 100, new: 120 },
          status: { old: "draft", new: "available" },
          title: { old: "Same", new: "Same" },
        },
      },
      { labels },
    );
    expect(lines).toEqual([
      { field: "status", label: "Status", old: "draft", new: "available" },
      { field: "price", label: "Price", old: 100, new: 120 },
      { field: "zoning", label: "Zoning", old: null, new: "residential" },
    ]);
  });

  it("update: malformed entries are skipped, not thrown", () => {
    expect(changeLines({ action: "update", changes: { status: "available" } })).toEqual([]);
  });

  it("insert lists the fields that were set; delete the fields it had", () => {
    const changes = { id: "x", title: "Villa", price: null, features: [], agent_id: "u1" };
    expect(changeLines({ action: "insert", changes }, { labels })).toEqual([
      { field: "title", label: "Title", new: "Villa" },
      { field: "agent_id", label: "Agent", new: "u1" },
    ]);
    expect(changeLines({ action: "delete", changes }, { labels, onlyLabelled: true })).toEqual([
      { field: "title", label: "Title", old: "Villa" },
    ]);
  });

  it("no changes (null) is no lines", () => {
    expect(changeLines({ action: "delete", changes: null })).toEqual([]);
  });
});

describe("formatAuditValue", () => {
  it("shows nothing as a dash, booleans as yes/no, lists joined", () => {
    expect(formatAuditValue(null)).toBe("—");
    expect(formatAuditValue("")).toBe("—");
    expect(formatAuditValue(true)).toBe("yes");
    expect(formatAuditValue(["pool", "gym"])).toBe("pool, gym");
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
    expect(formatAuditValue(2500000)).toBe("2500000");
  });
  it("cuts long text", () => {
    const out = formatAuditValue("x".repeat(500));
    expect(out).toHaveLength(AUDIT_VALUE_MAX_LENGTH);
    expect(out.endsWith("…")).toBe(true);
  });
});
