import { describe, expect, it } from "vitest";
import { appointmentWhatsApp } from "./appointment-messages.ts";

const a = {
  full_name: "Efua  Asante",
  starts_at: "2026-12-02T10:00:00Z",
  event_type_name: "Property valuation consultation",
};
const link = "https://consult.example/appointment#token";

describe("appointment notices on WhatsApp", () => {
  it("the reminder and a new time go with the manage link; other notices stay e-mail only", () => {
    expect(appointmentWhatsApp("reminder", "consultations", a, link)).toEqual({
      template: "appointment_reminder",
      params: ["Efua", "property valuation consultation", expect.stringContaining("10:00"), link],
    });
    expect(appointmentWhatsApp("rescheduled", "bookings", a, link)?.params.slice(0, 2)).toEqual([
      "Efua",
      "viewing",
    ]);
    expect(appointmentWhatsApp("confirmed", "consultations", a, link)).toBeNull();
    expect(appointmentWhatsApp("reminder", "consultations", a, null)).toBeNull();
  });
});
