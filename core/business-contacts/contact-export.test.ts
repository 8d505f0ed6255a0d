import { describe, expect, it } from "vitest";
import { exportLines } from "./contact-export.ts";

describe("the Act 843 export as lines", () => {
  it("flattens the contact, its lists and linked records into section · record · field · value", () => {
    const lines = exportLines({
      exported_at: "2026-11-23T10:00:00Z",
      contact: { id: "c1", first_name: "Esi", tags: ["vip", "buyer"], phone: null },
      deals: [{ title: "Flat in Osu", value: 900000 }],
      linked_records: {
        "contact_activities.contact_id": [{ kind: "call", details: { outcome: "no answer" } }],
      },
      history: [],
    });
    expect(lines).toEqual([
      { section: "exported_at", record: 1, field: "exported_at", value: "2026-11-23T10:00:00Z" },
      { section: "contact", record: 1, field: "id", value: "c1" },
      { section: "contact", record: 1, field: "first_name", value: "Esi" },
      { section: "contact", record: 1, field: "tags", value: "vip, buyer" },
      { section: "contact", record: 1, field: "phone", value: "" },
      { section: "deals", record: 1, field: "title", value: "Flat in Osu" },
      { section: "deals", record: 1, field: "value", value: "900000" },
      { section: "contact_activities.contact_id", record: 1, field: "kind", value: "call" },
      { section: "contact_activities.contact_id", record: 1, field: "details.outcome", value: "no answer" },
    ]);
  });
});
