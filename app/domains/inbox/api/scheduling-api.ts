/**
 * Scheduling data of the inbox modules: staff working hours and time off,
 * event types and their hosts, public holidays, free times to move an appointment to, and the
 * appointments of a period for the staff calendar. RLS decides: staff edit their own hours and
 * time off, admins everyone's and the event types and holidays.
 */
import { z } from "zod";
import { supabase } from "#app/lib/supabase.ts";

export const workingWindowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  weekday: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});
export type WorkingWindowRow = z.infer<typeof workingWindowSchema>;

export async function listWorkingHours(): Promise<WorkingWindowRow[]> {
  const { data, error } = await supabase
    .from("staff_working_hours")
    .select("id, user_id, weekday, start_time, end_time")
    .order("weekday")
    .order("start_time");
  if (error) throw error;
  return z.array(workingWindowSchema).parse(data);
}

/** Replaces one person's week at once (database: set_working_hours). */
export async function setWorkingHours(
  userId: string,
  windows: Array<{ weekday: number; start: string; end: string }>,
): Promise<void> {
  const { error } = await supabase.rpc("set_working_hours", { member: userId, windows });
  if (error) throw error;
}

export const timeOffSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export async function listTimeOff(from: Date): Promise<TimeOff[]> {
  const { data, error } = await supabase
    .from("staff_time_off")
    .select("id, user_id, starts_at, ends_at, reason")
    .gte("ends_at", from.toISOString())
    .order("starts_at")
    .limit(500);
  if (error) throw error;
  return z.array(timeOffSchema).parse(data);
}

export async function addTimeOff(row: {
  user_id: string;
  starts_at: string;
  ends_at: string;
  reason: string | null;
}): Promise<void> {
  const { error } = await supabase.from("staff_time_off").insert(row);
  if (error) throw error;
}

export async function deleteTimeOff(id: string): Promise<void> {
  const { error } = await supabase.from("staff_time_off").delete().eq("id", id);
  if (error) throw error;
}

export const eventTypeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  kind: z.enum(["consultation", "viewing"]),
  service: z.string().nullable(),
  name: z.string(),
  duration_minutes: z.number(),
  buffer_before_minutes: z.number(),
  buffer_after_minutes: z.number(),
  min_notice_minutes: z.number(),
  booking_window_days: z.number(),
  daily_cap: z.number(),
  slot_interval_minutes: z.number(),
  confirmation: z.enum(["auto", "staff"]),
  active: z.boolean(),
  updated_at: z.string(),
  booking_event_type_hosts: z.array(z.object({ user_id: z.string() })),
});
export type EventType = z.infer<typeof eventTypeSchema>;
const EVENT_TYPE_COLUMNS =
  "id, slug, kind, service, name, duration_minutes, buffer_before_minutes, buffer_after_minutes, min_notice_minutes, booking_window_days, daily_cap, slot_interval_minutes, confirmation, active, updated_at, booking_event_type_hosts(user_id)";

export async function listEventTypes(): Promise<EventType[]> {
  const { data, error } = await supabase
    .from("booking_event_types")
    .select(EVENT_TYPE_COLUMNS)
    .order("kind")
    .order("name");
  if (error) throw error;
  return z.array(eventTypeSchema).parse(data);
}

export type EventTypePatch = Partial<
  Pick<
    EventType,
    | "name"
    | "duration_minutes"
    | "buffer_before_minutes"
    | "buffer_after_minutes"
    | "min_notice_minutes"
    | "booking_window_days"
    | "daily_cap"
    | "slot_interval_minutes"
    | "confirmation"
    | "active"
  >
>;

export async function updateEventType(id: string, patch: EventTypePatch): Promise<void> {
  const { error } = await supabase.from("booking_event_types").update(patch).eq("id", id);
  if (error) throw error;
}

export async function setEventTypeHost(eventTypeId: string, userId: string, hosts: boolean): Promise<void> {
  const { error } = hosts
    ? await supabase.from("booking_event_type_hosts").insert({ event_type_id: eventTypeId, user_id: userId })
    : await supabase
        .from("booking_event_type_hosts")
        .delete()
        .eq("event_type_id", eventTypeId)
        .eq("user_id", userId);
  if (error) throw error;
}

export const holidaySchema = z.object({
  holiday_date: z.string(),
  name: z.string(),
  note: z.string().nullable(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export async function listHolidays(): Promise<Holiday[]> {
  const { data, error } = await supabase
    .from("public_holidays")
    .select("holiday_date, name, note")
    .order("holiday_date");
  if (error) throw error;
  return z.array(holidaySchema).parse(data);
}

export async function addHoliday(row: Holiday): Promise<void> {
  const { error } = await supabase.from("public_holidays").insert(row);
  if (error) throw error;
}

export async function deleteHoliday(date: string): Promise<void> {
  const { error } = await supabase.from("public_holidays").delete().eq("holiday_date", date);
  if (error) throw error;
}

export const staffSlotSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  host_ids: z.array(z.string()),
});
export type StaffSlot = z.infer<typeof staffSlotSchema>;

/** Free times (and who is free) to move one appointment to. */
export async function staffSlots(
  inbox: "consultations" | "bookings",
  recordId: string,
  days = 14,
): Promise<StaffSlot[]> {
  const { data, error } = await supabase.rpc("staff_available_slots", { inbox, record_id: recordId, days });
  if (error) throw error;
  return z
    .array(staffSlotSchema)
    .parse(data)
    .map((s) => ({
      ...s,
      starts_at: new Date(s.starts_at).toISOString(),
      ends_at: new Date(s.ends_at).toISOString(),
    }));
}
