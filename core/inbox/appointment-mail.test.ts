/** Visitor e-mails about appointments (core/inbox/appointment-mail.ts). */
import { describe, expect, it } from "vitest";
import {
  accraDateTimeText,
  renderAppointmentMail,
  type NoticeAppointment,
  type RenderInput,
} from "./appointment-mail.ts";

const consultation: NoticeAppointment = {
  id: "7d1c9a3e-1b2c-4d5e-8f90-123456789abc",
  status: "confirmed",
  starts_at: "2026-12-08T10:00:00.000Z",
  ends_at: "2026-12-08T11:00:00.000Z",
  full_name: "Adwoa Boateng",
  email: "adwoa@example.com",
  phone: "+233277654321",
  service: "property-valuation",
  meeting_mode: "in_person",
  event_type_name: "Property valuation consultation",
  host_name: "Ama Owusu",
  ics_sequence: 1,
};
const base: RenderInput = {
  kind: "confirmed",
  inbox: "consultations",
  appointment: consultation,
  manageLink: "http://consult.localhost:8787/appointment#tok.en",
  bookAgainUrl: "http://consult.localhost:8787/",
  now: new Date("2026-12-01T09:00:00Z"),
};
const icsOf = (m: { attachments: { content: string }[] }) =>
  new TextDecoder().decode(Uint8Array.from(atob(m.attachments[0]!.content), (c) => c.charCodeAt(0)));

describe("renderAppointmentMail", () => {
  it("confirmed: the time in Accra, the host, the manage link and an .ics", () => {
    const m = renderAppointmentMail(base)!;
    expect(m.to).toBe("adwoa@example.com");
    expect(m.subject).toBe("Confirmed: property valuation consultation, Tuesday 8 December 2026 at 10:00");
    expect(m.text).toContain("Dear Adwoa,");
    expect(m.text).toContain("with Ama Owusu is confirmed");
    expect(m.text).toContain(
      "To reschedule or cancel (no account needed): http://consult.localhost:8787/appointment#tok.en",
    );
    expect(m.html).toContain(
      '<a href="http://consult.localhost:8787/appointment#tok.en">Reschedule or cancel</a>',
    );
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject({
      filename: "consultation.ics",
      content_type: "text/calendar; charset=utf-8",
    });
    const ics = icsOf(m);
    expect(ics).toContain("DTSTART:20261208T100000Z");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("UID:consultations-7d1c9a3e-1b2c-4d5e-8f90-123456789abc@ghanarealty");
  });

  it("received: no calendar file yet, the link to change it", () => {
    const m = renderAppointmentMail({
      ...base,
      kind: "received",
      appointment: { ...consultation, status: "requested" },
    })!;
    expect(m.subject).toMatch(/^We have your request/);
    expect(m.attachments).toEqual([]);
    expect(m.text).toContain("/appointment#tok.en");
  });

  it("cancelled and declined: no manage link; a cancelled .ics removes the entry", () => {
    const c = renderAppointmentMail({
      ...base,
      kind: "cancelled",
      appointment: { ...consultation, status: "cancelled", ics_sequence: 2 },
    })!;
    expect(c.text).not.toContain("#tok.en");
    expect(icsOf(c)).toContain("METHOD:CANCEL");
    const d = renderAppointmentMail({
      ...base,
      kind: "declined",
      appointment: { ...consultation, status: "declined" },
    })!;
    expect(d.subject).toBe(
      "We cannot make Tuesday 8 December 2026 at 10:00: property valuation consultation",
    );
    expect(d.text).toContain("Please choose another time: http://consult.localhost:8787/");
    expect(d.attachments).toEqual([]);
  });

  it("a viewing: at the property, with the agent's phone; HTML is escaped", () => {
    const viewing = {
      ...consultation,
      service: null,
      meeting_mode: null,
      property_title: "3-bed <house>, Spintex",
      property_address: "Baatsona, Spintex, Accra",
      host_phone: "+233244000111",
    };
    const m = renderAppointmentMail({ ...base, inbox: "bookings", kind: "reminder", appointment: viewing })!;
    expect(m.subject).toBe(
      "Reminder: viewing of 3-bed <house>, Spintex tomorrow, Tuesday 8 December 2026 at 10:00",
    );
    expect(m.html).toContain("3-bed &lt;house&gt;");
    expect(m.text).toContain("At the property: Baatsona, Spintex, Accra");
    expect(m.text).toContain("Your agent: Ama Owusu +233244000111");
  });

  it("no address, no mail", () => {
    expect(renderAppointmentMail({ ...base, appointment: { ...consultation, email: "" } })).toBeNull();
  });

  it("formats Accra time", () =>
    expect(accraDateTimeText("2027-01-07T16:30:00Z")).toBe("Thursday 7 January 2027 at 16:30"));
});
