import { describe, expect, it } from "vitest";
import { parseProfile, parseProfiles } from "./profile.ts";

const row = {
  user_id: "7b0c2f1e-1d2a-4f6b-9a1e-2c3d4e5f6a7b",
  role: "staff",
  first_name: "Akosua",
  last_name: "Mensah",
  avatar_url: null,
  email: "akosua@example.com",
};

describe("the signed-in user's profile row", () => {
  it("is read as it comes, e-mail optional", () => {
    expect(parseProfile(row)).toEqual({ profile: row });
    const { email: _email, ...withoutEmail } = row;
    expect(parseProfile(withoutEmail)).toEqual({ profile: withoutEmail });
  });

  it("names what is wrong with a row that is not a profile", () => {
    expect(parseProfile({ ...row, role: 7 })).toEqual({ issues: [expect.stringMatching(/^role: /)] });
    expect(parseProfile(null)).toEqual({ issues: [expect.stringMatching(/^row: /)] });
  });

  it("a list with one bad row is refused whole", () => {
    expect(parseProfiles([row, row])).toHaveLength(2);
    expect(() => parseProfiles([row, { ...row, user_id: null }])).toThrow();
  });
});
