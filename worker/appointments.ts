/**
 * The appointment API of the edge (core/inbox/appointment-api.ts describes it): free times for
 * the booking pages, and the visitor's signed manage link — look up, move to another free time,
 * cancel — with no account. The token's HMAC and expiry are checked here (core/inbox/
 * appointment-link.ts, the secret key); the database holds the nonce that makes it single-use and
 * applies every change under the same host lock as a booking.
 */
import { Hono, type Context } from "hono";
import { verifyAppointmentToken, type AppointmentLinkClaims } from "#core/inbox/appointment-link.ts";
import {
  APPOINTMENT_API,
  LINK_PROBLEMS,
  RESCHEDULE_DAYS,
  type LinkProblem,
  type SlotTimes,
  type VisitorAppointment,
} from "#core/inbox/appointment-api.ts";
import { nextSlots } from "#core/inbox/availability.ts";
import { AVAILABILITY_PATH, FORM_RATE_LIMIT, SLOT_TAKEN_MESSAGE } from "#core/form-fields.ts";
import { restClient, type RestClient } from "#core/rest-client.ts";
import {
  appointmentTokenBodySchema,
  availabilityQuerySchema,
  rescheduleBodySchema,
} from "#core/schemas/appointments.ts";
import { fieldErrors } from "#core/schemas/forms.ts";
import type { EdgeContext, EdgeEnv } from "./env.ts";
import { clientIp, readCapped, StoreUnavailableError, type FormStore } from "./forms.ts";

export type ChangeResult = { ok: true } | { ok: false; kind: "taken" | "used" | "closed" | "unavailable" };

export interface AppointmentStore {
  /** The appointment the link names, if the nonce is still its current one. */
  lookup(
    link: AppointmentLinkClaims,
  ): Promise<{ state: "ok" | "closed"; appointment: VisitorAppointment } | { state: "used" }>;
  /** Free times to move it to (its own time left out). */
  slots(link: AppointmentLinkClaims, days: number): Promise<SlotTimes[]>;
  reschedule(link: AppointmentLinkClaims, startsAt: string): Promise<ChangeResult>;
  cancel(link: AppointmentLinkClaims): Promise<ChangeResult>;
}

function changeResult(error: { code?: string; message: string } | null): ChangeResult {
  if (!error) return { ok: true };
  if (error.code === "23P01") return { ok: false, kind: "taken" };
  if (error.code === "P0001")
    return { ok: false, kind: /already used|replaced/.test(error.message) ? "used" : "closed" };
  console.error(`[appointments] change failed (${error.code ?? "no code"}): ${error.message}`);
  return { ok: false, kind: "unavailable" };
}

export function supabaseAppointmentStore(
  env: Pick<EdgeEnv, "SUPABASE_URL" | "SUPABASE_SECRET_KEY">,
): AppointmentStore {
  const db = (): RestClient => {
    if (!env.SUPABASE_SECRET_KEY) throw new StoreUnavailableError("SUPABASE_SECRET_KEY is not configured");
    return restClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY);
  };
  const args = (l: AppointmentLinkClaims) => ({ inbox: l.inbox, record_id: l.id, link_nonce: l.nonce });
  async function call<T>(
    p: PromiseLike<{ data: T; error: { code?: string; message: string } | null }>,
  ): Promise<{ data: T; error: { code?: string; message: string } | null }> {
    try {
      return await p;
    } catch (err) {
      throw new StoreUnavailableError(String(err));
    }
  }
  return {
    async lookup(link) {
      const { data, error } = await call(db().rpc("visitor_appointment", args(link)));
      if (error) throw new StoreUnavailableError(error.message);
      const row = data as Record<string, unknown> | null;
      if (!row || row.state === "used") return { state: "used" };
      const appointment: VisitorAppointment = {
        inbox: link.inbox,
        status: String(row.status),
        starts_at: new Date(String(row.starts_at)).toISOString(),
        ends_at: new Date(String(row.ends_at)).toISOString(),
        full_name: String(row.full_name ?? ""),
        event_type: String(row.event_type ?? ""),
        host_name: (row.host_name as string | null) ?? null,
        service: (row.service as string | null) ?? null,
        meeting_mode: (row.meeting_mode as string | null) ?? null,
        property_title: (row.property_title as string | null) ?? null,
        property_slug: (row.property_slug as string | null) ?? null,
        changeable: row.state === "ok",
      };
      return { state: row.state === "ok" ? "ok" : "closed", appointment };
    },
    async slots(link, days) {
      const { data, error } = await call(db().rpc("visitor_available_slots", { ...args(link), days }));
      if (error) throw new StoreUnavailableError(error.message);
      return (data ?? []).map((r) => ({
        start: new Date(r.starts_at).toISOString(),
        end: new Date(r.ends_at).toISOString(),
      }));
    },
    async reschedule(link, startsAt) {
      const { error } = await call(
        db().rpc("reschedule_appointment_by_visitor", { ...args(link), new_start: startsAt }),
      );
      return changeResult(error);
    },
    async cancel(link) {
      const { error } = await call(db().rpc("cancel_appointment_by_visitor", args(link)));
      return changeResult(error);
    },
  };
}

export interface AppointmentRoutesDeps {
  forms: (env: EdgeEnv) => FormStore;
  appointments: (env: EdgeEnv) => AppointmentStore;
  now: () => Date;
  /** After a visitor changed an appointment: staff live, mail jobs. */
  onChanged?: (env: EdgeEnv, inbox: "consultations" | "bookings", id: string, since: Date) => void;
}

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

const MAX_BODY = 2048;
const NO_STORE = { "cache-control": "no-store" };

function linkProblem(c: Context<RoutesEnv>, problem: LinkProblem) {
  return c.json(
    { error: problem, message: LINK_PROBLEMS[problem] },
    problem === "malformed" ? 400 : 410,
    NO_STORE,
  );
}

function unavailable(c: Context<RoutesEnv>) {
  c.header("Retry-After", "10");
  return c.json(
    { errors: { _form: "We could not reach our booking system; please try again in a moment" } },
    503,
    NO_STORE,
  );
}

export function appointmentRoutes(deps: AppointmentRoutesDeps): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();

  app.get(AVAILABILITY_PATH, async (c) => {
    const parsed = availabilityQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return c.json({ errors: fieldErrors(parsed.error) }, 400, NO_STORE);
    const q = parsed.data;
    try {
      const slots = await deps
        .forms(c.env)
        .freeSlots({ kind: q.kind, service: q.service, property: q.property, from: q.from, days: q.days });
      return c.json({ slots }, 200, NO_STORE);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      console.error("[appointments] availability", err.message);
      return unavailable(c);
    }
  });

  /** Rate limit, JSON body, then the token's signature and expiry; the verified claims or the answer. */
  async function verified<S extends typeof appointmentTokenBodySchema | typeof rescheduleBodySchema>(
    c: Context<RoutesEnv>,
    schema: S,
  ): Promise<
    { ok: true; body: ReturnType<S["parse"]>; link: AppointmentLinkClaims } | { ok: false; res: Response }
  > {
    const limiter = c.env.FORM_RATE_LIMITER;
    if (limiter && !(await limiter.limit({ key: `${clientIp(c.req.raw)}:appointment` })).success) {
      c.header("Retry-After", String(FORM_RATE_LIMIT.periodSeconds));
      return {
        ok: false,
        res: c.json({ errors: { _form: "Too many attempts; please wait a minute and try again" } }, 429),
      };
    }
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json"))
      return { ok: false, res: c.json({ errors: { _form: "Send JSON" } }, 415) };
    const text = await readCapped(c.req.raw, MAX_BODY);
    if (text === null) return { ok: false, res: c.json({ errors: { _form: "Too large" } }, 413) };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, res: c.json({ errors: { _form: "The request body is not valid JSON" } }, 400) };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      return { ok: false, res: errs.token ? linkProblem(c, "malformed") : c.json({ errors: errs }, 400) };
    }
    const secret = c.env.SUPABASE_SECRET_KEY;
    if (!secret) return { ok: false, res: unavailable(c) };
    const v = await verifyAppointmentToken(parsed.data.token, secret, deps.now());
    if (!v.ok) return { ok: false, res: linkProblem(c, v.reason === "expired" ? "expired" : "malformed") };
    return { ok: true, body: parsed.data as ReturnType<S["parse"]>, link: v.claims };
  }

  app.post(APPOINTMENT_API.lookup, async (c) => {
    const v = await verified(c, appointmentTokenBodySchema);
    if (!v.ok) return v.res;
    try {
      const found = await deps.appointments(c.env).lookup(v.link);
      if (found.state === "used") return linkProblem(c, "used");
      const slots = found.state === "ok" ? await deps.appointments(c.env).slots(v.link, RESCHEDULE_DAYS) : [];
      return c.json({ appointment: found.appointment, slots }, 200, NO_STORE);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return unavailable(c);
    }
  });

  app.post(APPOINTMENT_API.reschedule, async (c) => {
    const v = await verified(c, rescheduleBodySchema);
    if (!v.ok) return v.res;
    const since = deps.now();
    try {
      const store = deps.appointments(c.env);
      const startsAt = new Date(v.body.starts_at).toISOString();
      const result = await store.reschedule(v.link, startsAt);
      if (!result.ok) {
        if (result.kind === "taken") {
          const next = nextSlots(
            await store.slots(v.link, RESCHEDULE_DAYS).catch(() => []),
            Date.parse(startsAt),
            3,
          );
          return c.json({ errors: { starts_at: SLOT_TAKEN_MESSAGE }, next }, 409, NO_STORE);
        }
        if (result.kind === "unavailable") return unavailable(c);
        return linkProblem(c, result.kind);
      }
      deps.onChanged?.(c.env, v.link.inbox, v.link.id, since);
      return c.json({ rescheduled: true, starts_at: startsAt }, 200, NO_STORE);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return unavailable(c);
    }
  });

  app.post(APPOINTMENT_API.cancel, async (c) => {
    const v = await verified(c, appointmentTokenBodySchema);
    if (!v.ok) return v.res;
    const since = deps.now();
    try {
      const result = await deps.appointments(c.env).cancel(v.link);
      if (!result.ok)
        return result.kind === "unavailable"
          ? unavailable(c)
          : linkProblem(c, result.kind === "taken" ? "closed" : result.kind);
      deps.onChanged?.(c.env, v.link.inbox, v.link.id, since);
      return c.json({ cancelled: true }, 200, NO_STORE);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return unavailable(c);
    }
  });

  return app;
}
