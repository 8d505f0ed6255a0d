import { describe, expect, it } from "vitest";
import {
  bookingFormSchema,
  checkSlot,
  consultationFormSchema,
  contactFormSchema,
  CONSENT_REQUIRED_MESSAGE,
  fieldErrors,
  HONEYPOT_FIELD,
  normalizeGhanaPhone,
  phoneSchema,
  propertyRequestFormSchema,
  todayInAccra,
} from "./forms.ts";

/** A weekday at least a few days ahead, as YYYY-MM-DD. */
function futureWeekday(daysAhead = 7): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const person = {
  full_name: "Ama Mensah",
  email: "Ama@Example.com ",
  phone: "024 412 3456",
  consent: true as const,
};

describe("Ghana phone numbers", () => {
  it.each([
    ["0244123456", "+233244123456"],
    ["024 412 3456", "+233244123456"],
    ["+233 24 412 3456", "+233244123456"],
    ["00233-55-123-4567", "+233551234567"],
    ["233201234567", "+233201234567"],
    ["0302 123 456", "+233302123456"],
  ])("normalises %s", (input, e164) => expect(normalizeGhanaPhone(input)).toBe(e164));

  it.each(["024412345", "02441234567", "0144123456", "+233 14 412 3456", "0614123456", "hello", ""])(
    "rejects %s",
    (input) => expect(normalizeGhanaPhone(input)).toBeNull(),
  );

  it("accepts international numbers for clients abroad but not malformed +233 ones", () => {
    expect(phoneSchema.parse("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneSchema.safeParse("+233 12").success).toBe(false);
    expect(phoneSchema.safeParse("12345").success).toBe(false);
  });
});

describe("contact form", () => {
  it("parses a valid submission, normalising email and phone", () => {
    const v = contactFormSchema.parse({ ...person, message: "I'd like to know more about your services." });
    expect(v.email).toBe("ama@example.com");
    expect(v.phone).toBe("+233244123456");
  });
  it("phone is optional; empty string is allowed", () => {
    expect(
      contactFormSchema.safeParse({ ...person, phone: "", message: "Hello there, please call me." }).success,
    ).toBe(true);
  });
  it("requires consent with the Act 843 message", () => {
    const r = contactFormSchema.safeParse({
      ...person,
      consent: false,
      message: "Hello there, please call me.",
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error).consent).toBe(CONSENT_REQUIRED_MESSAGE);
  });
  it("gives one message per field", () => {
    const r = contactFormSchema.safeParse({ full_name: "A", email: "nope", message: "short", consent: true });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(Object.keys(fieldErrors(r.error)).sort()).toEqual(["email", "full_name", "message"]);
  });
  it("lets the honeypot through for the worker to judge", () => {
    const r = contactFormSchema.parse({
      ...person,
      message: "Hello there, please call me.",
      [HONEYPOT_FIELD]: "http://spam",
    });
    expect(r[HONEYPOT_FIELD]).toBe("http://spam");
  });
});

describe("slots (Africa/Accra)", () => {
  const now = new Date("2026-11-23T10:30:00Z"); // a Monday
  it("rejects past dates and past slots today", () => {
    expect(checkSlot("2026-11-22", "10:00", now)?.field).toBe("preferred_date");
    expect(checkSlot("2026-11-23", "10:00", now)?.field).toBe("time_slot");
    expect(checkSlot("2026-11-23", "11:00", now)).toBeNull();
  });
  it("leaves opening days and hours to availability (the slots offered)", () => {
    expect(checkSlot("2026-11-29", "10:00", now)).toBeNull();
    expect(checkSlot("2026-11-28", "14:30", now)).toBeNull();
  });
  it("rejects impossible dates and the far future", () => {
    expect(checkSlot("2026-02-30", "10:00", now)?.field).toBe("preferred_date");
    expect(checkSlot("2027-12-01", "10:00", now)?.field).toBe("preferred_date");
  });
  it("today is the UTC date", () =>
    expect(todayInAccra(new Date("2026-11-21T23:59:00Z"))).toBe("2026-11-21"));
});

describe("consultation and booking", () => {
  it("accepts a service slug, a weekday and a slot", () => {
    const v = consultationFormSchema.parse({
      ...person,
      service: "property-valuation",
      preferred_date: futureWeekday(),
      time_slot: "10:00",
    });
    expect(v.meeting_mode).toBe("in_person");
  });
  it("reports a past date beside other field errors", () => {
    const r = consultationFormSchema.safeParse({
      ...person,
      service: "nope",
      preferred_date: "2020-01-06",
      time_slot: "10:00",
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(fieldErrors(r.error)).sort()).toEqual(["preferred_date", "service"]);
  });
  it("rejects an unknown service and a time that is not a time", () => {
    const r = consultationFormSchema.safeParse({
      ...person,
      service: "time-travel",
      preferred_date: futureWeekday(),
      time_slot: "25:00",
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(fieldErrors(r.error)).sort()).toEqual(["service", "time_slot"]);
  });
  it("booking: property optional, attendees coerced", () => {
    const v = bookingFormSchema.parse({
      ...person,
      property_slug: "4-bed-house-east-legon",
      preferred_date: futureWeekday(),
      time_slot: "14:00",
      attendees: "2",
    });
    expect(v.attendees).toBe(2);
    expect(
      bookingFormSchema.safeParse({ ...person, preferred_date: "2000-01-03", time_slot: "14:00" }).success,
    ).toBe(false);
  });
});

describe("property request", () => {
  const base = {
    ...person,
    listing_type: "rent",
    property_type: "apartment",
    locations: ["East Legon", "Cantonments"],
    budget_max: 5000,
    timeline: "1_3_months",
  };
  it("accepts a request and defaults the currency to GHS", () => {
    expect(propertyRequestFormSchema.parse(base).currency).toBe("GHS");
  });
  it("checks ranges", () => {
    const r = propertyRequestFormSchema.safeParse({
      ...base,
      budget_min: 9000,
      bedrooms_min: 4,
      bedrooms_max: 2,
    });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(fieldErrors(r.error)).toMatchObject({
        budget_max: expect.any(String),
        bedrooms_max: expect.any(String),
      });
  });
  it("needs at least one location", () => {
    expect(propertyRequestFormSchema.safeParse({ ...base, locations: [] }).success).toBe(false);
  });
  it("several types: the first is the main one; one type alone still works", () => {
    const { property_type: _t, ...noType } = base;
    const many = propertyRequestFormSchema.parse({ ...noType, property_types: ["townhouse", "house"] });
    expect(many).toMatchObject({ property_type: "townhouse", property_types: ["townhouse", "house"] });
    expect(propertyRequestFormSchema.parse(base)).toMatchObject({
      property_type: "apartment",
      property_types: ["apartment"],
    });
    const none = propertyRequestFormSchema.safeParse(noType);
    expect(none.success).toBe(false);
    if (!none.success)
      expect(fieldErrors(none.error).property_types).toBe("Choose at least one property type");
  });
  it("area range and move-in date", () => {
    expect(
      propertyRequestFormSchema.parse({
        ...base,
        area_min_sqm: "80",
        area_max_sqm: "120",
        move_in_date: "2027-01-15",
      }),
    ).toMatchObject({ area_min_sqm: 80, area_max_sqm: 120, move_in_date: "2027-01-15" });
    const r = propertyRequestFormSchema.safeParse({
      ...base,
      area_min_sqm: 200,
      area_max_sqm: 100,
      move_in_date: "2027-02-30",
    });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(Object.keys(fieldErrors(r.error)).sort()).toEqual(["area_max_sqm", "move_in_date"]);
  });
});

describe("control characters from public forms", () => {
  const contact = { ...person, message: "I would like to view the house in East Legon." };
  const errorsOf = (r: { success: boolean; error?: unknown }) =>
    r.success ? {} : fieldErrors(r.error as Parameters<typeof fieldErrors>[0]);

  it.each([
    ["full_name", "Ama\r\nBcc: everyone@example.com"],
    ["full_name", "Ama\u0000Mensah"],
    ["full_name", "Ama\tMensah"],
    ["full_name", "Ama\u2028Mensah"],
    ["subject", "Viewing\nBcc: x@example.com"],
    ["email", "ama\u0000@example.com"],
  ])("a single-line %s with a control character is refused, naming the field", (field, value) => {
    const errors = errorsOf(contactFormSchema.safeParse({ ...contact, [field]: value }));
    expect(Object.keys(errors)).toEqual([field]);
  });

  it("a message keeps its line breaks and tabs, but not a NUL or another control character", () => {
    expect(
      contactFormSchema.safeParse({ ...contact, message: "Line one\r\nLine two\tindented" }).success,
    ).toBe(true);
    for (const bad of ["Hello\u0000 there, a NUL", "Hello\u001b[31m there, an escape"])
      expect(Object.keys(errorsOf(contactFormSchema.safeParse({ ...contact, message: bad })))).toEqual([
        "message",
      ]);
  });

  it("every form refuses them in its own fields", () => {
    const locations = propertyRequestFormSchema.safeParse({
      ...person,
      listing_type: "buy",
      property_types: ["house"],
      locations: ["East Legon\r\nX-Header: 1"],
      budget_max: 1_000_000,
      timeline: "flexible",
      notes: "A quiet street\u0000",
    });
    expect(Object.keys(errorsOf(locations)).sort()).toEqual(["locations", "notes"]);
    const consult = consultationFormSchema.safeParse({
      ...person,
      full_name: "Kofi\u0007",
      service: "property-buying",
      preferred_date: futureWeekday(),
      time_slot: "10:00",
    });
    expect(errorsOf(consult)).toHaveProperty("full_name");
    const booking = bookingFormSchema.safeParse({
      ...person,
      preferred_date: futureWeekday(),
      time_slot: "10:00",
      message: "Bring the keys\u0000",
    });
    expect(errorsOf(booking)).toHaveProperty("message");
  });
});
