/**
 * Title due diligence in the database, judged by what
 * is stored afterwards (read with the secret key):
 *   - the required checks are core's, for every combination of facts;
 *   - a hunt's file is admins'; a listing's file follows the listing's record-level access;
 *     partners and visitors see none; checks come only with their file;
 *   - only an admin verifies, only a check that holds what core asks for; any later change
 *     withdraws the verification, a change of facts withdraws all of them;
 *   - the badge (properties.title_verified_at) appears when every required check is verified,
 *     goes when one is not, and nobody — not even the secret key — writes it by hand;
 *   - documents in the private title-documents bucket follow the file.
 * Letters per actor: anon · visitor · staff (owner) · other staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2 · partner · other partner.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  allTitleFacts,
  requiredTitleItems,
  verificationProblem,
  TITLE_ITEMS,
} from "#core/title-checks/title-rules.ts";
import { DOCS, titleChecksFixture } from "./title-checks-fixture.ts";
import { must } from "./support.ts";

const { service, tag, actors, partners, letters, pdf, seedListing, seedFile, checkOf, badgeOf, complete } =
  titleChecksFixture("Title checks RLS");

describe("the rules", () => {
  it("the database requires exactly core's checks, for all 150 combinations of facts", async () => {
    const disagreements: string[] = [];
    for (const f of allTitleFacts()) {
      const { data, error } = await actors.admin.client.rpc("title_required_items", {
        tenure: f.tenure,
        title_type: f.titleType,
        land_source: f.landSource,
        for_non_citizen: f.forNonCitizen,
      });
      if (error) throw new Error(error.message);
      const expected = requiredTitleItems(f);
      if (JSON.stringify(data) !== JSON.stringify(expected))
        disagreements.push(`${JSON.stringify(f)}: core ${expected.join(",")}, database ${String(data)}`);
    }
    expect(disagreements).toEqual([]);
  }, 60_000);

  it("refuses to verify a check that lacks what core asks for, with core's sentence", async () => {
    const listing = await seedListing("verify-rules");
    const fileId = await seedFile({ property_id: listing });
    for (const item of TITLE_ITEMS) {
      const { error } = await actors.admin.client
        .from("title_checks")
        .update({ status: "verified" })
        .eq("file_id", fileId)
        .eq("item", item);
      expect(error?.message, item).toBe(
        verificationProblem(item, {
          hasDocument: false,
          reference: null,
          checkedOn: null,
          leaseYearsLeft: null,
          notes: null,
        }),
      );
    }
  });
});

describe("who reads and works which file", () => {
  let listingId = "";
  let listingFile = "";
  let huntFile = "";
  beforeAll(async () => {
    listingId = await seedListing("matrix");
    listingFile = await seedFile({ property_id: listingId });
    const hunt = (await must(
      service
        .from("property_hunts")
        .insert({ title: `Title RLS hunt ${tag}`, city: "Kasoa" })
        .select("id")
        .single(),
      "hunt",
    )) as { id: string };
    huntFile = await seedFile({ hunt_id: hunt.id });
  });

  it("a listing's file: staff who may work on the listing and admins; a hunt's file: admins", async () => {
    expect(
      await letters(
        "title_files · select (listing)",
        async (a) =>
          ((await a.client.from("title_files").select("id").eq("id", listingFile)).data ?? []).length === 1,
      ),
    ).toBe("NNYYYNYNN");
    expect(
      await letters(
        "title_files · select (hunt)",
        async (a) =>
          ((await a.client.from("title_files").select("id").eq("id", huntFile)).data ?? []).length === 1,
      ),
    ).toBe("NNNNYNYNN");
    expect(
      await letters(
        "title_checks · select (listing)",
        async (a) =>
          ((await a.client.from("title_checks").select("id").eq("file_id", listingFile)).data ?? [])
            .length === 7,
      ),
    ).toBe("NNYYYNYNN");
    expect(
      await letters("title_files · insert (listing)", async (a) => {
        const id = await seedListing(`ins-${crypto.randomUUID().slice(0, 4)}`);
        await a.client.from("title_files").insert({ property_id: id, created_by: a.user?.id ?? null });
        return (
          ((await service.from("title_files").select("id").eq("property_id", id)).data ?? []).length === 1
        );
      }),
    ).toBe("NNYYYNYNN");
    expect(
      await letters("title_files · update facts (listing)", async (a, i) => {
        const tenure = i % 2 === 0 ? "leasehold" : "freehold";
        await service
          .from("title_files")
          .update({ tenure: tenure === "leasehold" ? "freehold" : "leasehold" })
          .eq("id", listingFile);
        await a.client.from("title_files").update({ tenure }).eq("id", listingFile);
        return (
          (
            (await must(
              service.from("title_files").select("tenure").eq("id", listingFile).single(),
              "read",
            )) as { tenure: string }
          ).tenure === tenure
        );
      }),
    ).toBe("NNYYYNYNN");
    expect(
      await letters("title_checks · update notes (listing)", async (a, i) => {
        const notes = `Seen by ${i}`;
        await a.client
          .from("title_checks")
          .update({ notes })
          .eq("file_id", listingFile)
          .eq("item", "encumbrances");
        return (
          (
            (await must(
              service
                .from("title_checks")
                .select("notes")
                .eq("file_id", listingFile)
                .eq("item", "encumbrances")
                .single(),
              "read",
            )) as { notes: string }
          ).notes === notes
        );
      }),
    ).toBe("NNYYYNYNN");
    expect(
      await letters("title_checks · insert / delete", async (a) => {
        const ins = await a.client.from("title_checks").insert({ file_id: listingFile, item: "site_plan" });
        const del = await a.client.from("title_checks").delete().eq("file_id", listingFile).select("id");
        return !ins.error || (del.data ?? []).length > 0;
      }),
    ).toBe("NNNNNNNNN");
    expect(
      await letters("title_files · delete", async (a) => {
        const id = await seedListing(`del-${crypto.randomUUID().slice(0, 4)}`);
        const f = await seedFile({ property_id: id });
        await a.client.from("title_files").delete().eq("id", f);
        return ((await service.from("title_files").select("id").eq("id", f)).data ?? []).length === 0;
      }),
    ).toBe("NNNNYNYNN");
  });

  it("in the listings' 'own' mode, only the listing's owner (and admins)", async () => {
    await must(
      service.from("module_access").update({ mode: "own" }).eq("module", "listings").select(),
      "own mode",
    );
    try {
      expect(
        await letters(
          "title_files · select (listing, mode own)",
          async (a) =>
            ((await a.client.from("title_files").select("id").eq("id", listingFile)).data ?? []).length === 1,
        ),
      ).toBe("NNYNYNYNN");
    } finally {
      await must(
        service.from("module_access").update({ mode: "all" }).eq("module", "listings").select(),
        "all mode",
      );
    }
  });

  it("the file stays with its property", async () => {
    const other = await seedListing("other-subject");
    const { error } = await actors.admin.client
      .from("title_files")
      .update({ property_id: other })
      .eq("id", listingFile);
    expect(error?.message).toBe("A title file stays with its property.");
  });
});

describe("verification and the badge", () => {
  it("staff record, only admins verify; the badge appears when every required check is verified and goes at any change", async () => {
    const listing = await seedListing("badge", { published_at: new Date(Date.now() - 60_000).toISOString() });
    const fileId = await seedFile(
      { property_id: listing },
      { tenure: "freehold", title_type: "land_title_certificate", land_source: "private" },
    );
    const required = requiredTitleItems({
      tenure: "freehold",
      titleType: "land_title_certificate",
      landSource: "private",
      forNonCitizen: false,
    });
    for (const item of required) await complete(fileId, item);

    const staffTry = await actors.staff.client
      .from("title_checks")
      .update({ status: "verified" })
      .eq("file_id", fileId)
      .eq("item", "site_plan");
    expect(staffTry.error?.message).toBe("Only an admin can verify a title check.");
    expect(
      await letters("title_checks · verify (complete check)", async (a) => {
        await service
          .from("title_checks")
          .update({ status: "received" })
          .eq("file_id", fileId)
          .eq("item", "site_plan");
        await a.client
          .from("title_checks")
          .update({ status: "verified" })
          .eq("file_id", fileId)
          .eq("item", "site_plan");
        return (await checkOf(fileId, "site_plan")).status === "verified";
      }),
    ).toBe("NNNNYNYNN");

    const admin = actors.admin.client;
    for (const item of required)
      await must(
        admin
          .from("title_checks")
          .update({ status: "verified" })
          .eq("file_id", fileId)
          .eq("item", item)
          .select("id"),
        `verify ${item}`,
      );
    const check = await checkOf(fileId, "lands_search");
    expect(check).toMatchObject({ status: "verified", verified_by: actors.admin.user!.id });
    const since = await badgeOf(listing);
    expect(since, "every required check verified: the badge").not.toBeNull();
    const anonRead = await actors.anon.client
      .from("properties")
      .select("title_verified_at")
      .eq("id", listing)
      .single();
    expect(anonRead.data, "visitors read the badge of a published listing (not the documents)").toEqual({
      title_verified_at: since,
    });
    expect(
      await letters(
        "title-documents never reach visitors' tables",
        async (a) =>
          ((await a.client.from("title_checks").select("document_path").eq("file_id", fileId)).data ?? [])
            .length > 0,
      ),
    ).toBe("NNYYYNYNN");

    // Nobody writes the badge by hand — not staff, not the secret key.
    await actors.staff.client.from("properties").update({ title_verified_at: null }).eq("id", listing);
    await service.from("properties").update({ title_verified_at: "2020-01-01T00:00:00Z" }).eq("id", listing);
    expect(await badgeOf(listing)).toBe(since);

    // A later change to a verified check (staff replaces the search reference) withdraws it.
    await must(
      actors.staff.client
        .from("title_checks")
        .update({ reference: "LC/GA/2026/7732" })
        .eq("file_id", fileId)
        .eq("item", "lands_search")
        .select("id"),
      "edit",
    );
    expect(await checkOf(fileId, "lands_search")).toMatchObject({
      status: "received",
      verified_by: null,
      verified_at: null,
      checked_by: actors.staff.user!.id,
    });
    expect(await badgeOf(listing), "the badge is withdrawn").toBeNull();

    await must(
      admin
        .from("title_checks")
        .update({ status: "verified" })
        .eq("file_id", fileId)
        .eq("item", "lands_search")
        .select("id"),
      "re-verify",
    );
    expect(await badgeOf(listing), "re-verified: the badge is back").not.toBeNull();

    // New facts: every verification goes (they were checked against the old facts).
    await must(
      actors.staff.client.from("title_files").update({ land_source: "stool" }).eq("id", fileId).select("id"),
      "facts",
    );
    const statuses = (await must(
      service.from("title_checks").select("status").eq("file_id", fileId),
      "statuses",
    )) as { status: string }[];
    expect(statuses.filter((s) => s.status === "verified")).toEqual([]);
    expect(await badgeOf(listing)).toBeNull();
  });
});

describe("the overview", () => {
  it("counts each file's required checks, the verified ones among them and its problems, for whoever may read it", async () => {
    const facts = {
      tenure: "leasehold",
      title_type: "indenture",
      land_source: "private",
      for_non_citizen: false,
    };
    const listing = await seedListing("overview");
    const fileId = await seedFile({ property_id: listing }, facts);
    const required = requiredTitleItems({
      tenure: "leasehold",
      titleType: "indenture",
      landSource: "private",
      forNonCitizen: false,
    });
    // Two required checks verified, one check that is not required verified too (not counted), one problem.
    const notRequired = TITLE_ITEMS.find((i) => !required.includes(i))!;
    const verified = [required[0]!, required[1]!, notRequired];
    for (const item of verified) {
      await complete(fileId, item);
      await must(
        actors.admin.client
          .from("title_checks")
          .update({ status: "verified" })
          .eq("file_id", fileId)
          .eq("item", item)
          .select("id"),
        `verify ${item}`,
      );
    }
    await must(
      service
        .from("title_checks")
        .update({ status: "problem", notes: "Boundary dispute" })
        .eq("file_id", fileId)
        .eq("item", required[2]!)
        .select("id"),
      "problem",
    );
    const expected = {
      id: fileId,
      property_id: listing,
      subject: "Title RLS overview",
      city: "Kasoa",
      required_checks: required.length,
      verified_checks: 2,
      problems: 1,
      verified_at: null,
    };
    for (const who of ["admin", "staff"] as const) {
      const rows = (await must(
        actors[who].client.rpc("title_file_overview").eq("id", fileId),
        `overview as ${who}`,
      )) as unknown[];
      expect(rows, who).toEqual([expect.objectContaining(expected)]);
    }
    const partnerRows = await partners.partner.client.rpc("title_file_overview").eq("id", fileId);
    expect(partnerRows.data ?? [], "partners see no title file").toEqual([]);
  });
});

describe("the private title-documents bucket", () => {
  let fileId = "";
  let huntFileId = "";
  const seeded = () => `${fileId}/seeded-${tag}.pdf`;
  beforeAll(async () => {
    const listing = await seedListing("bucket");
    fileId = await seedFile({ property_id: listing });
    const hunt = (await must(
      service
        .from("property_hunts")
        .insert({ title: `Title RLS bucket hunt ${tag}`, city: "Kasoa" })
        .select("id")
        .single(),
      "hunt",
    )) as { id: string };
    huntFileId = await seedFile({ hunt_id: hunt.id });
    await must(
      service.storage.from(DOCS).upload(seeded(), pdf(), { contentType: "application/pdf" }),
      "seed file",
    );
    await must(
      service.storage
        .from(DOCS)
        .upload(`${huntFileId}/hunt-${tag}.pdf`, pdf(), { contentType: "application/pdf" }),
      "seed hunt file",
    );
  });

  it("follows the file: listing documents to its staff, hunt documents to admins", async () => {
    expect(
      (await fetch(service.storage.from(DOCS).getPublicUrl(seeded()).data.publicUrl)).status,
      "no public URL",
    ).not.toBe(200);
    expect(
      await letters(
        "storage title-documents · download (listing)",
        async (a) => !(await a.client.storage.from(DOCS).download(seeded())).error,
      ),
    ).toBe("NNYYYNYNN");
    expect(
      await letters(
        "storage title-documents · download (hunt)",
        async (a) => !(await a.client.storage.from(DOCS).download(`${huntFileId}/hunt-${tag}.pdf`)).error,
      ),
    ).toBe("NNNNYNYNN");
    expect(
      await letters(
        "storage title-documents · list",
        async (a) => ((await a.client.storage.from(DOCS).list(fileId)).data ?? []).length > 0,
      ),
    ).toBe("NNNNNNNNN");
    expect(
      await letters("storage title-documents · upload (listing)", async (a, i) => {
        await a.client.storage
          .from(DOCS)
          .upload(`${fileId}/up-${i}-${tag}.pdf`, pdf(), { contentType: "application/pdf" });
        return (
          ((await service.storage.from(DOCS).list(fileId, { search: `up-${i}-` })).data ?? []).length === 1
        );
      }),
    ).toBe("NNYYYNYNN");
    const exe = await actors.staff.client.storage
      .from(DOCS)
      .upload(`${fileId}/${tag}.exe`, new Blob(["MZ"], { type: "application/x-msdownload" }), {
        contentType: "application/x-msdownload",
      });
    expect(exe.error, "a document of the wrong type is refused").not.toBeNull();
  });
});
