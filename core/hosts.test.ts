import { describe, expect, it } from "vitest";
import {
  classifyHost,
  hostConfigFromVars,
  hostnameOf,
  isBackOfficeHost,
  LOCAL_HOST_CONFIG,
  originOf,
  type HostConfig,
} from "./hosts.ts";

const prod: HostConfig = hostConfigFromVars({
  MAIN_HOST: "ghanarealty.example",
  CRM_HOST: "crm.ghanarealty.example",
  CONSULT_HOST: "consult.ghanarealty.example",
  BOOKINGS_HOST: "bookings.ghanarealty.example",
  REQUEST_HOST: "request.ghanarealty.example",
  COLLAB_HOST: "collab.ghanarealty.example",
  PREVIEW_HOST_SUFFIXES: ".workers.dev, .pages.dev",
});

describe("hostnameOf", () => {
  it("drops the port and lower-cases", () => {
    expect(hostnameOf("CRM.localhost:8787")).toBe("crm.localhost");
    expect(hostnameOf("localhost")).toBe("localhost");
    expect(hostnameOf("[::1]:8787")).toBe("[::1]");
  });
});

describe("classifyHost", () => {
  it.each([
    ["localhost:8787", "main"],
    ["127.0.0.1:8787", "main"],
    ["crm.localhost:8787", "crm"],
    ["consult.localhost:8787", "consult"],
    ["bookings.localhost", "bookings"],
    ["request.localhost:8787", "request"],
    ["collab.localhost:8787", "collab"],
    ["feature-x.ghana-realty.workers.dev", "preview"],
    ["evil.example", "other"],
  ] as const)("local: %s is %s", (host, kind) => {
    expect(classifyHost(host, LOCAL_HOST_CONFIG)).toBe(kind);
  });

  it("treats www as the main host in production", () => {
    expect(classifyHost("www.ghanarealty.example", prod)).toBe("main");
    expect(classifyHost("ghanarealty.example", prod)).toBe("main");
  });

  it("reads preview suffixes from a comma-separated var", () => {
    expect(prod.previewSuffixes).toEqual([".workers.dev", ".pages.dev"]);
    expect(classifyHost("abc.pages.dev", prod)).toBe("preview");
  });

  it("does not mistake a look-alike host for the main host", () => {
    expect(classifyHost("ghanarealty.example.evil.com", prod)).toBe("other");
    expect(classifyHost("notcrm.ghanarealty.example", prod)).toBe("other");
  });

  it("defaults to https without a port", () => {
    expect(prod.protocol).toBe("https");
    expect(originOf("main", prod)).toBe("https://ghanarealty.example");
    expect(originOf("request", LOCAL_HOST_CONFIG)).toBe("http://request.localhost:8787");
  });
});

describe("isBackOfficeHost (chat notifications)", () => {
  it("is true only on the CRM and preview hosts", () => {
    expect(isBackOfficeHost("crm")).toBe(true);
    expect(isBackOfficeHost("preview")).toBe(true);
    for (const k of ["main", "consult", "bookings", "request", "collab", "other"] as const)
      expect(isBackOfficeHost(k)).toBe(false);
  });
});
