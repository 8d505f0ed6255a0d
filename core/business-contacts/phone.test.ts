import { describe, expect, it } from "vitest";
import { formatPhone, ghanaNetwork, phoneSearchTerm, toE164, whatsappLink } from "./phone.ts";

describe("phones as people type them", () => {
  it("Ghana numbers in every usual form become +233…", () => {
    for (const typed of [
      "024 123 4567",
      "0241234567",
      "241234567",
      "233241234567",
      "+233 24 123 4567",
      "+233 (0)24 123 4567",
      "00233241234567",
      "024-123-4567",
      " 024.123.4567 ",
    ]) {
      expect(toE164(typed), typed).toBe("+233241234567");
    }
  });

  it("other countries need their + prefix", () => {
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("0044 20 7946 0958")).toBe("+442079460958");
    expect(toE164("20 7946 0958")).toBeNull();
  });

  it("what is no phone number is refused (null)", () => {
    for (const typed of [
      "",
      "  ",
      "12345",
      "abc",
      "024 123 456",
      "+233 24 123 45678",
      "call me",
      "+0123456789",
    ])
      expect(toE164(typed), typed).toBeNull();
  });

  it("the network follows the prefix: MTN, Telecel, AirtelTigo; none for landlines and abroad", () => {
    expect(ghanaNetwork("+233241234567")).toBe("mtn");
    expect(ghanaNetwork("+233551234567")).toBe("mtn");
    expect(ghanaNetwork("+233201234567")).toBe("telecel");
    expect(ghanaNetwork("+233501234567")).toBe("telecel");
    expect(ghanaNetwork("+233271234567")).toBe("airteltigo");
    expect(ghanaNetwork("+233571234567")).toBe("airteltigo");
    expect(ghanaNetwork("+233302123456")).toBeNull();
    expect(ghanaNetwork("+442079460958")).toBeNull();
  });

  it("shown in the national format; WhatsApp links use the digits", () => {
    expect(formatPhone("+233241234567")).toBe("024 123 4567");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(whatsappLink("+233241234567")).toBe("https://wa.me/233241234567");
    expect(whatsappLink("+233241234567", "Hello Ama")).toBe("https://wa.me/233241234567?text=Hello%20Ama");
  });

  it("a search that looks like a phone searches the stored forms", () => {
    expect(phoneSearchTerm("024 123")).toBe("024123");
    expect(phoneSearchTerm("+233 24")).toBe("+23324");
    expect(phoneSearchTerm("Ama")).toBeNull();
  });
});
