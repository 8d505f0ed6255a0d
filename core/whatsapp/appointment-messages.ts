/**
 * WhatsApp beside the appointment e-mails: a visitor who asked for WhatsApp updates when booking
 * gets the reminder and the news of a new time as approved templates too, with the signed manage
 * link (the same one the e-mail carries). Which notices go, and their parameters.
 */
import { accraDateTimeText, type NoticeAppointment, type NoticeKind } from "../inbox/appointment-mail.ts";

export interface AppointmentWhatsApp {
  template: "appointment_reminder" | "appointment_rescheduled";
  params: string[];
}

/** The template and parameters for a notice, or null when WhatsApp has nothing to add. */
export function appointmentWhatsApp(
  kind: NoticeKind,
  inbox: "consultations" | "bookings",
  a: Pick<NoticeAppointment, "full_name" | "starts_at" | "event_type_name">,
  manageLink: string | null,
): AppointmentWhatsApp | null {
  if (!manageLink || (kind !== "reminder" && kind !== "rescheduled")) return null;
  const firstName = a.full_name.trim().split(/\s+/)[0] || "there";
  const what = inbox === "bookings" ? "viewing" : (a.event_type_name?.toLowerCase() ?? "consultation");
  return {
    template: kind === "reminder" ? "appointment_reminder" : "appointment_rescheduled",
    params: [firstName, what, accraDateTimeText(a.starts_at), manageLink],
  };
}
