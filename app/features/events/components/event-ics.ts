/** An event as iCalendar data (core's RFC 5545 writer) for the "Add to calendar" download. */
import { icsCalendar, icsFileName, type IcsEvent } from "#core/events/icalendar.ts";
import type { EventWithAttendees } from "#core/events/event-schema.ts";
import type { Profile } from "#core/schemas/profile.ts";
import { displayName } from "#core/schemas/profile.ts";
import { recordPath } from "#core/records/record-links.ts";

export function eventIcs(
  event: EventWithAttendees,
  team: readonly Profile[],
  origin: string,
): { text: string; fileName: string } {
  const person = (id: string) => {
    const p = team.find((m) => m.user_id === id);
    return { id, name: p ? displayName(p, p.email) : "Colleague", email: p?.email ?? null };
  };
  const ics: IcsEvent = {
    ...event,
    url: `${origin}${recordPath("events", event.id)}`,
    organizer: event.owner_id ? person(event.owner_id) : null,
    // Colleagues, then invited business contacts (by their e-mail when they have one).
    attendees: [
      ...event.event_attendees.flatMap((a) =>
        a.user_id ? [{ ...person(a.user_id), response: a.response }] : [],
      ),
      ...event.event_attendees.flatMap((a) =>
        a.contact_id
          ? [
              {
                id: a.contact_id,
                name: a.contact?.display_name ?? "Contact",
                email: a.contact?.email ?? null,
                response: a.response,
              },
            ]
          : [],
      ),
    ],
  };
  return { text: icsCalendar({ name: event.title, events: [ics] }), fileName: icsFileName(event.title) };
}
