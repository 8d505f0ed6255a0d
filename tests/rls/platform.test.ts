/**
 * RLS of the back-office platform, per actor, judged by what is in the database afterwards (read
 * with the secret key):
 *   - record-level access: owned records (owner_id / assignee_id) are seen by their owner and
 *     assignee, by every staff member when the module is company-wide ('all'), by admins always;
 *   - module_access: staff read the modes, only admins switch them;
 *   - audit_log: append-only for everyone (the secret key included); a record's history is
 *     readable by admins and by whoever may read the record.
 * Notifications and invoices: platform-notifications-invoices.test.ts.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 (Y allowed, N denied, - not applicable).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rlsFile } from "./file-fixture.ts";
import { type Actor, must } from "./support.ts";

const { service, tag, actors, cleanup, letters, staffId, uid, setMode } = rlsFile("Platform RLS");

const listing = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Platform RLS ${slug}`,
  property_type: "house",
  listing_type: "sale",
  price: 250000,
  currency: "GHS",
  city: "Accra",
  status: "draft",
  ...extra,
});

cleanup.push(
  () => setMode("listings", "all"),
  () => service.from("properties").delete().like("slug", `%-${tag}`),
  () => service.from("invoices").delete().like("bill_to_name", `%${tag}%`),
);

describe("record-level access on owned records (properties, module 'listings')", () => {
  let draftId = "";
  beforeAll(async () => {
    const row = await must(
      service
        .from("properties")
        .insert(listing(`own-${tag}`, { owner_id: staffId() }))
        .select("id")
        .single(),
      "seed draft",
    );
    draftId = (row as { id: string }).id;
  });

  it("company-wide by default: every staff member reads a colleague's draft", async () => {
    expect(
      await letters(
        "properties · select · staff's draft (mode all)",
        async (a) =>
          ((await a.client.from("properties").select("id").eq("id", draftId)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNY");
  });

  it("in 'own' mode only the owner, the assignee and admins read and edit it", async () => {
    await setMode("listings", "own");
    try {
      expect(
        await letters(
          "properties · select · staff's draft (mode own)",
          async (a) =>
            ((await a.client.from("properties").select("id").eq("id", draftId)).data ?? []).length === 1,
        ),
      ).toBe("NNYNYNY");
      expect(
        await letters("properties · update · staff's draft (mode own)", async (a, i) => {
          const title = `Own mode edit ${i} ${tag}`;
          await a.client.from("properties").update({ title }).eq("id", draftId);
          const row = await must(
            service.from("properties").select("title").eq("id", draftId).single(),
            "read back",
          );
          return (row as { title: string }).title === title;
        }),
      ).toBe("NNYNYNY");
      // Assigning the other staff member opens the record to them.
      await must(
        service
          .from("properties")
          .update({ assignee_id: actors.other_staff.user!.id })
          .eq("id", draftId)
          .select(),
        "assign",
      );
      const { data } = await actors.other_staff.client.from("properties").select("id").eq("id", draftId);
      expect(data?.length, "the assignee reads the record in own mode").toBe(1);
      await must(
        service.from("properties").update({ assignee_id: null }).eq("id", draftId).select(),
        "unassign",
      );
    } finally {
      await setMode("listings", "all");
    }
  });

  it("search (trigram index under RLS) returns only what the caller may read", async () => {
    const term = `own-${tag}`;
    const found = async (a: Actor) => {
      const { data, error } = await a.client.rpc("search_properties", { term }).select("id");
      if (error && error.code !== "42501") throw new Error(`${a.name}: ${error.message}`);
      return ((data ?? []) as { id: string }[]).some((r) => r.id === draftId);
    };
    expect(await letters("search_properties · staff's draft (mode all)", found)).toBe("NNYYYNY");
    await setMode("listings", "own");
    try {
      expect(await letters("search_properties · staff's draft (mode own)", found)).toBe("NNYNYNY");
    } finally {
      await setMode("listings", "all");
    }
  });

  it("insert: staff create listings they own; only admins create one owned by someone else", async () => {
    expect(
      await letters("properties · insert · owned by oneself", async (a, i) => {
        const slug = `ins-self-${i}-${tag}`;
        await a.client.from("properties").insert(listing(slug));
        const rows = (await must(
          service.from("properties").select("owner_id").eq("slug", slug),
          "read back",
        )) as { owner_id: string | null }[];
        if (rows.length) expect(rows[0]!.owner_id, `${a.name}: owner defaults to the creator`).toBe(uid(a));
        return rows.length === 1;
      }),
    ).toBe("NNYYYNY");
    expect(
      await letters("properties · insert · owned by someone else", async (a, i) => {
        const slug = `ins-other-${i}-${tag}`;
        await a.client
          .from("properties")
          .insert(listing(slug, { owner_id: staffId() === uid(a) ? actors.admin.user!.id : staffId() }));
        return ((await service.from("properties").select("id").eq("slug", slug)).data ?? []).length === 1;
      }),
    ).toBe("NNNNYNY");
  });

  it("delete: the owner and admins", async () => {
    expect(
      await letters("properties · delete · staff's listing", async (a, i) => {
        const slug = `del-${i}-${tag}`;
        const row = (await must(
          service
            .from("properties")
            .insert(listing(slug, { owner_id: staffId() }))
            .select("id")
            .single(),
          "seed",
        )) as { id: string };
        await a.client.from("properties").delete().eq("id", row.id);
        return ((await service.from("properties").select("id").eq("id", row.id)).data ?? []).length === 0;
      }),
    ).toBe("NNYNYNY");
  });
});

describe("module_access", () => {
  it("staff read the modes; only admins switch them; nobody adds or removes modules", async () => {
    expect(
      await letters(
        "module_access · select",
        async (a) =>
          ((await a.client.from("module_access").select("module").eq("module", "deals")).data ?? [])
            .length === 1,
      ),
    ).toBe("NNYYYNY");
    expect(
      await letters("module_access · update · mode", async (a) => {
        await setMode("expenses", "own");
        await a.client.from("module_access").update({ mode: "all" }).eq("module", "expenses");
        const row = (await must(
          service.from("module_access").select("mode").eq("module", "expenses").single(),
          "read",
        )) as { mode: string };
        await setMode("expenses", "own");
        return row.mode === "all";
      }),
    ).toBe("NNNNYNY");
    expect(
      await letters("module_access · insert", async (a, i) => {
        const module = `probe_${i}_${tag.replace(/\d/g, "x")}`;
        await a.client.from("module_access").insert({ module, label: "Probe", mode: "all" });
        const found =
          ((await service.from("module_access").select("module").eq("module", module)).data ?? []).length ===
          1;
        if (found) await service.from("module_access").delete().eq("module", module);
        return found;
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("module_access · delete", async (a) => {
        await a.client.from("module_access").delete().eq("module", "events");
        return (
          ((await service.from("module_access").select("module").eq("module", "events")).data ?? [])
            .length === 0
        );
      }),
    ).toBe("NNNNNNN");
  });
});

describe("audit_log", () => {
  let invoiceId = "";
  beforeAll(async () => {
    const row = (await must(
      service
        .from("invoices")
        .insert({ bill_to_name: `Audit ${tag}`, status: "draft", owner_id: staffId() })
        .select("id")
        .single(),
      "seed invoice",
    )) as { id: string };
    invoiceId = row.id;
    const { error } = await actors.staff.client
      .from("invoices")
      .update({ notes: `Edited by the owner ${tag}` })
      .eq("id", invoiceId);
    expect(error, "the owner edits their invoice").toBeNull();
  });

  it("records who changed which field, old → new", async () => {
    const rows = (await must(
      service
        .from("audit_log")
        .select("action, actor_id, actor_role, changes")
        .eq("table_name", "invoices")
        .eq("record_id", invoiceId)
        .order("id"),
      "history",
    )) as {
      action: string;
      actor_id: string | null;
      actor_role: string | null;
      changes: Record<string, unknown>;
    }[];
    expect(
      rows.map((r) => r.action),
      "insert by the secret key, then the owner's update",
    ).toEqual(["insert", "update"]);
    expect(rows[0]!.actor_role, "the seed went through the secret key").toBe("service_role");
    expect(rows[1]!.actor_id, "the update is attributed to the staff member").toBe(staffId());
    expect(rows[1]!.changes, "only the changed field, without updated_at").toEqual({
      notes: { old: null, new: `Edited by the owner ${tag}` },
    });
  });

  it("a record's history is readable by admins and by whoever may read the record", async () => {
    expect(
      await letters(
        "audit_log · select · history of staff's invoice",
        async (a) =>
          ((await a.client.from("audit_log").select("id").eq("record_id", invoiceId)).data ?? []).length >= 2,
      ),
    ).toBe("NNYNYNY");
  });

  it("nobody writes, rewrites or deletes history through the API — not even the secret key", async () => {
    const before = ((await service.from("audit_log").select("id").eq("record_id", invoiceId)).data ?? [])
      .length;
    expect(
      await letters("audit_log · insert · forged entry", async (a) => {
        await a.client
          .from("audit_log")
          .insert({ table_name: "invoices", record_id: invoiceId, action: "delete", changes: {} });
        return (
          ((await service.from("audit_log").select("id").eq("record_id", invoiceId)).data ?? []).length >
          before
        );
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("audit_log · update · rewrite history", async (a) => {
        await a.client
          .from("audit_log")
          .update({ changes: { forged: true } })
          .eq("record_id", invoiceId);
        const rows =
          (await service.from("audit_log").select("changes").eq("record_id", invoiceId)).data ?? [];
        return rows.some((r) => JSON.stringify(r.changes).includes("forged"));
      }),
    ).toBe("NNNNNNN");
    expect(
      await letters("audit_log · delete · erase history", async (a) => {
        await a.client.from("audit_log").delete().eq("record_id", invoiceId);
        return (
          ((await service.from("audit_log").select("id").eq("record_id", invoiceId)).data ?? []).length <
          before
        );
      }),
    ).toBe("NNNNNNN");
    const ins = await service
      .from("audit_log")
      .insert({ table_name: "invoices", record_id: invoiceId, action: "delete", changes: {} });
    const upd = await service.from("audit_log").update({ changes: {} }).eq("record_id", invoiceId).select();
    const del = await service.from("audit_log").delete().eq("record_id", invoiceId).select();
    expect([ins.error?.code, upd.error?.code, del.error?.code], "the secret key is refused too").toEqual([
      "42501",
      "42501",
      "42501",
    ]);
    expect(
      ((await service.from("audit_log").select("id").eq("record_id", invoiceId)).data ?? []).length,
    ).toBe(before);
  });
});
