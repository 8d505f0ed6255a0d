import { describe, expect, it } from "vitest";
import {
  ENDS_AFTER_START,
  eventFormSchema,
  findConflicts,
  TOO_LONG,
  VIEWING_NEEDS_PROPERTY,
  type Commitment,
} from "./event-schema.ts";

const property = "3b241101-e2bb-4255-8caf-4136c566a962";
const yaw = "00000000-0000-4000-a000-000000000005";
const base = {
  title: "Viewing: Osu flat",
  kind: "viewing",
  all_day: false,
  start: "2026-11-26T10:00",
  end: "2026-11-26T11:00",
  location: "",
  property_id: property,
  contact_id: "",
  description: "",
  attendee_user_ids: [yaw, yaw],
  attendee_contact_ids: [],
};
const issues = (v: unknown) =>
  Object.fromEntries(
    (eventFormSchema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
  );

describe("the event form", () => {
  it("turns Accra wall times into UTC instants and de-duplicates attendees", () => {
    const out = eventFormSchema.parse(base);
    expect(out.event).toMatchObject({
      starts_at: "2026-11-26T10:00:00.000Z",
      ends_at: "2026-11-26T11:00:00.000Z",
      location: null,
      contact_id: null,
    });
    expect(out.attendee_user_ids).toEqual([yaw]);
  });
  it("an all-day event covers its last day", () => {
    const out = eventFormSchema.parse({
      ...base,
      kind: "meeting",
      all_day: true,
      start: "2026-12-10",
      end: "2026-12-11",
    });
    expect(out.event).toMatchObject({
      starts_at: "2026-12-10T00:00:00.000Z",
      ends_at: "2026-12-12T00:00:00.000Z",
    });
  });
  it("refuses an end before the start, more than 31 days, a viewing without a property, each at its field", () => {
    expect(issues({ ...base, end: "2026-11-26T10:00" })).toEqual({ end: ENDS_AFTER_START });
    expect(issues({ ...base, end: "2027-01-26T10:00" })).toEqual({ end: TOO_LONG });
    expect(issues({ ...base, property_id: "" })).toEqual({ property_id: VIEWING_NEEDS_PROPERTY });
    expect(issues({ ...base, start: "", title: "" })).toEqual({
      title: "Give the event a title",
      start: "Enter when it starts",
    });
    expect(issues({ ...base, property_id: "not-an-id" })).toEqual({
      property_id: "Choose a property from the list",
    });
  });
});

describe("conflicts", () => {
  const c = (over: Partial<Commitment>): Commitment => ({
    attendee: yaw,
    eventId: "e1",
    start: "2026-11-26T10:30:00Z",
    end: "2026-11-26T11:30:00Z",
    status: "scheduled",
    response: "accepted",
    ...over,
  });
  const candidate = { start: "2026-11-26T10:00:00Z", end: "2026-11-26T11:00:00Z", attendees: [yaw] };
  it("warns of an overlapping commitment of the same attendee", () => {
    expect(findConflicts(candidate, [c({})]).map((x) => x.eventId)).toEqual(["e1"]);
  });
  it("ignores back-to-back, cancelled, declined, other people and the event itself", () => {
    expect(
      findConflicts({ ...candidate, eventId: "self" }, [
        c({ eventId: "after", start: "2026-11-26T11:00:00Z", end: "2026-11-26T12:00:00Z" }),
        c({ eventId: "cancelled", status: "cancelled" }),
        c({ eventId: "declined", response: "declined" }),
        c({ eventId: "other", attendee: "someone-else" }),
        c({ eventId: "self" }),
      ]),
    ).toEqual([]);
  });
});
