import { describe, expect, it } from "vitest";
import { LOCAL_HOST_CONFIG } from "./hosts.ts";
import { parseInjectedSiteConfig } from "./site-config.ts";

describe("parseInjectedSiteConfig", () => {
  it("keeps a complete, valid configuration", () => {
    const cfg = {
      supabaseUrl: "https://abc.supabase.co",
      supabasePublishableKey: "sb_publishable_x",
      hosts: LOCAL_HOST_CONFIG,
      hostKind: "crm",
      siteUrl: "https://example.com",
      reacLicence: null,
      usdGhsRate: { rate: 12.1, asOf: "2026-11-20" },
    };
    expect(parseInjectedSiteConfig(cfg)).toEqual(cfg);
    expect(parseInjectedSiteConfig({ usdGhsRate: null })).toEqual({ usdGhsRate: null });
  });
  it("drops invalid fields and keeps the rest", () => {
    const got = parseInjectedSiteConfig({
      supabaseUrl: "javascript:alert(1)",
      supabasePublishableKey: "",
      hosts: { ...LOCAL_HOST_CONFIG, protocol: "ftp" },
      hostKind: "mars",
      siteUrl: 42,
      reacLicence: "REAC/123",
      usdGhsRate: { rate: -1, asOf: "2026-11-20" },
    });
    expect(got).toEqual({ reacLicence: "REAC/123" });
    expect(parseInjectedSiteConfig({ usdGhsRate: { rate: 12, asOf: "yesterday" } })).toEqual({});
  });
  it("ignores non-objects", () => {
    expect(parseInjectedSiteConfig(null)).toEqual({});
    expect(parseInjectedSiteConfig("x")).toEqual({});
  });
});
