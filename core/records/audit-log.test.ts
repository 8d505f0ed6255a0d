import { describe, expect, it } from "vitest";
import { HISTORY_TABLES } from "../history/history-tables.ts";
import { auditRowSchema, changeLines } from "./audit-log.ts";

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

  it("personal columns show as changed without values; internal columns are left out", () => {
    const lines = changeLines(
      {
        action: "update",
        changes: {
          phone: { redacted: true },
          search_text: { old: "ama 024", new: "ama 020" },
          client_key: { old: "a", new: "b" },
          stage: { old: "lead", new: "client" },
        },
      },
      { table: HISTORY_TABLES.contacts },
    );
    expect(lines).toEqual([
      { field: "stage", label: "Stage", old: "lead", new: "client" },
      { field: "phone", label: "Phone", redacted: true },
    ]);
    expect(
      changeLines({ action: "insert", changes: { first_name: { redacted: true }, stage: "lead" } }),
    ).toEqual([
      { field: "first_name", label: "First name", redacted: true },
      { field: "stage", label: "Stage", new: "lead" },
    ]);
  });

  it("no changes (null) is no lines", () => {
    expect(changeLines({ action: "delete", changes: null })).toEqual([]);
  });
});
