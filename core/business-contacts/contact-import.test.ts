import { describe, expect, it } from "vitest";
import {
  checkRow,
  checkRows,
  guessMapping,
  importPayload,
  mappingProblems,
  type ColumnMapping,
} from "./contact-import.ts";

describe("contact import", () => {
  it("guesses columns from the usual headers, each field once", () => {
    expect(
      guessMapping([
        "Name",
        "Mobile",
        "E-mail address",
        "Town",
        "Lead source",
        "Notes",
        "Phone 2",
        "Something else",
      ]),
    ).toEqual(["full_name", "phone", "email", "city", "source", "notes", "alt_phone", ""]);
    expect(guessMapping(["First name", "Surname", "Phone", "Phone"])).toEqual([
      "first_name",
      "last_name",
      "phone",
      "",
    ]);
  });

  it("a mapping without a name or a way to reach people is refused before any row", () => {
    expect(mappingProblems(["city", "notes"])).toEqual([
      "Map a column to Full name, First name or Company: every contact needs a name.",
      "Map a column to Phone or E-mail: they are how duplicates are found.",
    ]);
    expect(mappingProblems(["full_name", "phone", "phone"])).toEqual([
      "Two columns are mapped to Phone: choose one.",
    ]);
  });

  const mapping: ColumnMapping = [
    "full_name",
    "phone",
    "email",
    "type",
    "stage",
    "source",
    "tags",
    "consent",
    "marketing_consent",
  ];

  it("reads a row as the form would: names split, E.164 phones, labels to codes, yes/no", () => {
    expect(
      checkRow(
        [
          "Kwabena  Osei Tutu",
          "024 123 4567",
          "KOT@Example.com",
          "Client",
          "Past client",
          "Walk-in",
          "VIP; East Legon",
          "yes",
          "no",
        ],
        mapping,
        1,
      ),
    ).toEqual({
      number: 1,
      errors: [],
      values: expect.objectContaining({
        kind: "person",
        first_name: "Kwabena Osei",
        last_name: "Tutu",
        phone: "+233241234567",
        email: "kot@example.com",
        type: "client",
        stage: "past_client",
        source: "walk_in",
        tags: ["vip", "east legon"],
        consent_status: "given",
        marketing_consent: false,
      }),
    });
  });

  it("a company without a person's name is a company; defaults fill the rest", () => {
    const row = checkRow(["", "", "info@mensah-estates.com.gh"], ["first_name", "phone", "email"], 2);
    expect(row.errors).toEqual(["No name: every contact needs a name or a company"]);
    const company = checkRow(["Mensah Estates Ltd", "0302 123 456"], ["company_name", "phone"], 3);
    expect(company.values).toMatchObject({
      kind: "company",
      company_name: "Mensah Estates Ltd",
      first_name: null,
      type: "lead",
      stage: "lead",
      source: "import",
      consent_status: "unknown",
    });
  });

  it("names every problem of a bad row", () => {
    const row = checkRow(
      ["Ama", "12345", "not-an-email", "Friend", "Hot", "Radio", "", "maybe", ""],
      mapping,
      4,
    );
    expect(row.values).toBeNull();
    expect(row.errors).toEqual([
      'Type "Friend" is not one of Lead, Client, Owner, Landlord, Tenant, Vendor, Partner',
      'Stage "Hot" is not one of Lead, Prospect, Client, Past client, Lost',
      'Source "Radio" is not one of Website form, Referral, Property portal, Walk-in, Social media, WhatsApp, Phone call, Import, Other',
      "Phone: Type a Ghana number like 024 123 4567, or + country code and number.",
      "E-mail: enter an address like ama@example.com",
      'Consent "maybe": write yes or no',
    ]);
  });

  it("a row repeating an earlier row's phone (however typed) or e-mail is refused", () => {
    const rows = checkRows(
      [
        ["Ama Owusu", "024 123 4567", "ama@x.com"],
        ["Ama O.", "+233 24 123 4567", ""],
        ["Yaw", "", "AMA@x.com"],
        ["Efua", "020 111 2222", ""],
      ],
      ["full_name", "phone", "email"],
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      ["Same phone as row 1: keep one of the two rows"],
      ["Same e-mail as row 1: keep one of the two rows"],
      [],
    ]);
  });

  it("the payload carries merges, leaves skipped rows out and never a bad row", () => {
    const rows = checkRows(
      [
        ["Ama", "024 123 4567"],
        ["Yaw", "020 111 2222"],
        ["Efua", "055 111 2222"],
        ["", ""],
      ],
      ["full_name", "phone"],
    );
    const { payload, numbers } = importPayload(
      rows,
      new Map([
        [1, { action: "merge", contactId: "c-1" }],
        [2, { action: "skip" }],
      ]),
    );
    expect(payload.map((r) => [r.first_name, r.merge_into])).toEqual([
      ["Ama", "c-1"],
      ["Efua", undefined],
    ]);
    expect(numbers).toEqual([1, 3]);
  });
});
