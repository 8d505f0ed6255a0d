/**
 * /appointment#<token>: the visitor's own appointment, from the link in their e-mail — no
 * account. They see what is booked and can move it to another free time or cancel
 * it; the link works once and only until the appointment starts (the edge checks its signature,
 * the database its nonce). The token rides in the URL fragment, so it never reaches a server log.
 */
import { useEffect, useState } from "react";
import {
  APPOINTMENT_API,
  LINK_PROBLEMS,
  type SlotTimes,
  type VisitorAppointment,
} from "#core/inbox/appointment-api.ts";
import { accraDate, accraTime } from "#core/inbox/availability.ts";
import { SLOT_TAKEN_MESSAGE } from "#core/form-fields.ts";
import { FormAlert, FormSuccess } from "../components/form-controls.tsx";
import { FormPageShell } from "../components/form-page-shell.tsx";
import { SlotPicker } from "../components/slot-picker.tsx";
import { accraDayLabel } from "../lib/booking.ts";
import { hostLink } from "../lib/links.ts";
import { usePageMeta } from "../lib/meta.ts";

type View =
  | { state: "loading" }
  | { state: "problem"; message: string }
  | { state: "ready"; appointment: VisitorAppointment; slots: SlotTimes[] }
  | { state: "done"; message: string };

async function post(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json().catch(() => null)) as Record<string, unknown> | null,
    };
  } catch {
    return { status: 0, body: null };
  }
}

const messageOf = (r: { status: number; body: Record<string, unknown> | null }) =>
  typeof r.body?.message === "string"
    ? r.body.message
    : r.status === 0
      ? "We could not reach our server. Check your connection and try again."
      : "Something went wrong; please try again in a moment.";

const whenText = (iso: string) =>
  `${accraDayLabel(accraDate(Date.parse(iso)))} at ${accraTime(Date.parse(iso))}`;

export default function AppointmentPage() {
  usePageMeta("Your appointment", "Reschedule or cancel your Ghana Realty consultation or viewing.");
  const [token, setToken] = useState<string | null>(null);
  const [view, setView] = useState<View>({ state: "loading" });
  const [error, setError] = useState<{ message: string; next?: SlotTimes[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => setToken(window.location.hash.slice(1)), []);
  useEffect(() => {
    if (token === null) return;
    if (!token) {
      setView({ state: "problem", message: LINK_PROBLEMS.malformed });
      return;
    }
    void post(APPOINTMENT_API.lookup, { token }).then((r) => {
      if (r.status === 200 && r.body?.appointment)
        setView({
          state: "ready",
          appointment: r.body.appointment as VisitorAppointment,
          slots: (r.body.slots as SlotTimes[]) ?? [],
        });
      else setView({ state: "problem", message: messageOf(r) });
    });
  }, [token, reload]);

  async function reschedule(form: FormData) {
    const date = form.get("preferred_date");
    const time = form.get("time_slot");
    if (typeof date !== "string" || typeof time !== "string") {
      setError({ message: "Choose a new day and time first." });
      return;
    }
    setBusy(true);
    setError(null);
    const r = await post(APPOINTMENT_API.reschedule, { token, starts_at: `${date}T${time}:00Z` });
    setBusy(false);
    if (r.status === 200)
      setView({
        state: "done",
        message: `Your appointment is now on ${whenText(String(r.body?.starts_at))} (Accra time). A new confirmation is on its way by e-mail; this link has done its job.`,
      });
    else if (r.status === 409) {
      setError({ message: SLOT_TAKEN_MESSAGE, next: (r.body?.next as SlotTimes[]) ?? [] });
      setReload((n) => n + 1);
    } else setError({ message: messageOf(r) });
  }

  async function cancel() {
    setBusy(true);
    setError(null);
    const r = await post(APPOINTMENT_API.cancel, { token });
    setBusy(false);
    if (r.status === 200)
      setView({
        state: "done",
        message: "Your appointment is cancelled. We sent you a confirmation by e-mail.",
      });
    else setError({ message: messageOf(r) });
  }

  return (
    <FormPageShell
      eyebrow="Appointment"
      title="Your appointment"
      intro="Move it to another free time or cancel it. No account needed."
    >
      {view.state === "loading" && (
        <p role="status" className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
          Looking up your appointment…
        </p>
      )}
      {view.state === "problem" && (
        <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950">
          <p className="font-semibold">This link cannot be used</p>
          <p className="mt-1">{view.message}</p>
          <p className="mt-3 text-sm">
            <a className="font-medium underline" href={hostLink("consult")}>
              Book a consultation
            </a>{" "}
            ·{" "}
            <a className="font-medium underline" href={hostLink("bookings")}>
              Book a viewing
            </a>
          </p>
        </div>
      )}
      {view.state === "done" && <FormSuccess title="Done">{view.message}</FormSuccess>}
      {view.state === "ready" && (
        <div className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <section aria-label="Booked" data-testid="appointment-summary">
            <h2 className="text-xl font-semibold">
              {view.appointment.property_title
                ? `Viewing: ${view.appointment.property_title}`
                : view.appointment.event_type}
            </h2>
            <p className="mt-1 text-stone-700">
              {whenText(view.appointment.starts_at)} (Accra time, GMT)
              {view.appointment.host_name ? ` with ${view.appointment.host_name}` : ""} ·{" "}
              <strong>
                {view.appointment.status === "confirmed"
                  ? "Confirmed"
                  : view.appointment.status === "requested"
                    ? "Waiting for confirmation"
                    : "No longer active"}
              </strong>
            </p>
          </section>
          {!view.appointment.changeable ? (
            <p className="rounded-lg bg-stone-100 p-4 text-sm text-stone-700">{LINK_PROBLEMS.closed}</p>
          ) : (
            <>
              <FormAlert message={error?.message ?? null} />
              <form
                aria-label="Choose a new time"
                noValidate
                onSubmit={(ev) => {
                  ev.preventDefault();
                  void reschedule(new FormData(ev.currentTarget));
                }}
                className="space-y-4"
              >
                <h3 className="font-semibold">Choose a new time</h3>
                <SlotPicker
                  load={{ state: "ready", slots: view.slots, retry: () => setReload((n) => n + 1) }}
                  next={error?.next}
                  emptyHint="There are no other free times in the next two weeks. Call or WhatsApp us and we will find one."
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-full bg-emerald-800 px-6 py-3 font-semibold text-white hover:bg-emerald-900 disabled:opacity-60"
                >
                  Move my appointment
                </button>
              </form>
              <div className="border-t border-stone-200 pt-4">
                {confirmCancel ? (
                  <p className="flex flex-wrap items-center gap-3">
                    <span>Cancel this appointment?</span>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => void cancel()}
                      className="rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                    >
                      Yes, cancel it
                    </button>
                    <button
                      type="button"
                      onClick={() => setConfirmCancel(false)}
                      className="font-medium underline"
                    >
                      Keep it
                    </button>
                  </p>
                ) : (
                  <button
                    type="button"
                    onClick={() => setConfirmCancel(true)}
                    className="font-medium text-red-800 underline"
                  >
                    Cancel my appointment
                  </button>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </FormPageShell>
  );
}
