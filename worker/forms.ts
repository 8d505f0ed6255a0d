/**
 * Public form API: POST /api/forms/contact|consultation|booking|property-request.
 *
 * Per request: per-IP-and-form rate limit (Workers rate-limiting binding; 429 + Retry-After),
 * JSON only, body-size cap (413), the shared zod schema from core/schemas/forms.ts (400 with
 * {errors: {field: message}}), the honeypot (bots get a 201 and nothing is stored), then an
 * insert with the secret key. 201 {id} when stored; 503 + Retry-After when the database cannot
 * be reached, so the form keeps the visitor's input and retries — nothing is dropped silently.
 *
 * Consultations and viewings are booked, not just stored (issue 13 item 2): the database's
 * book_appointment() picks a free host for the chosen time under a per-host lock. 201
 * {id, status: confirmed | requested}; 409 {errors: {time_slot: SLOT_TAKEN_MESSAGE}, next: [the
 * next free times]} when the time was taken meanwhile (or never free). After a stored submission
 * `onStored` tells staff live and wakes the mail jobs (app.ts), without delaying the answer.
 */
import { nextSlots } from "#core/inbox/availability.ts";
import type { AppointmentKind, SlotTimes } from "#core/inbox/appointment-api.ts";
import { readCappedBody } from "#core/read-capped-body.ts";
import { restClient, type RestClient } from "#core/rest-client.ts";
import type { Context } from "hono";
import {
  FORM_KINDS,
  FORM_MAX_BODY_BYTES,
  FORM_RATE_LIMIT,
  FORM_SCHEMAS,
  FORM_TABLES,
  fieldErrors,
  HONEYPOT_FIELD,
  SLOT_TAKEN_MESSAGE,
  slotInstant,
  type FormKind,
  type FormTable,
} from "#core/schemas/forms.ts";
import type { EdgeEnv } from "./env.ts";

export type InsertResult =
  | { ok: true; id: string }
  | { ok: false; kind: "unavailable"; message: string }
  | { ok: false; kind: "invalid"; field: string; message: string };

export type BookResult =
  | { ok: true; id: string; status: string }
  | { ok: false; kind: "taken" }
  | { ok: false; kind: "unavailable"; message: string }
  | { ok: false; kind: "invalid"; field: string; message: string };

export interface SlotQuery {
  kind: AppointmentKind;
  service?: string;
  property?: string;
  /** First day (Accra, YYYY-MM-DD); today when absent. */
  from?: string;
  days: number;
}

export interface FormStore {
  /** `row` has passed the form's zod schema (plus the columns the edge adds). */
  insert(table: FormTable, row: Record<string, unknown>): Promise<InsertResult>;
  /** Books a consultation or viewing at a free time (database: book_appointment). */
  book(kind: AppointmentKind, fields: Record<string, unknown>): Promise<BookResult>;
  /** Free times (database: available_slots). Throws StoreUnavailableError when unreachable. */
  freeSlots(query: SlotQuery): Promise<SlotTimes[]>;
  /** Published listing id for a slug or id; null if there is none. Throws when unreachable. */
  findPublishedProperty(ref: { slug?: string; id?: string }): Promise<string | null>;
}

export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
}

/** Retry hint for 503s (seconds). */
export const FORM_RETRY_AFTER_SECONDS = 10;

export function supabaseFormStore(
  env: Pick<EdgeEnv, "SUPABASE_URL" | "SUPABASE_PUBLISHABLE_KEY" | "SUPABASE_SECRET_KEY">,
): FormStore {
  const secret: RestClient | null = env.SUPABASE_SECRET_KEY
    ? restClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY)
    : null;
  const anon: RestClient = restClient(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY);
  return {
    async insert(table, row) {
      if (!secret) {
        console.error("[forms] SUPABASE_SECRET_KEY is not configured: cannot store submissions");
        return { ok: false, kind: "unavailable", message: "Submissions are temporarily unavailable" };
      }
      let res;
      try {
        // The row's columns vary with the form; the form's zod schema vouched for them.
        res = await secret
          .from(table)
          .insert(row as never)
          .select("id")
          .single();
      } catch (err) {
        console.error(`[forms] insert into ${table} failed`, err);
        return { ok: false, kind: "unavailable", message: "The database is unreachable" };
      }
      if (res.error) {
        const code = res.error.code ?? "";
        if (code === "23503")
          return {
            ok: false,
            kind: "invalid",
            field: "property_id",
            message: "This property is not available",
          };
        // Class 22 is bad data (a NUL Postgres text cannot hold, a wrong date …): never worth a retry.
        if (code.startsWith("23") || code.startsWith("22"))
          return {
            ok: false,
            kind: "invalid",
            field: "_form",
            message: "Some details were not accepted; check the form and try again",
          };
        console.error(
          `[forms] insert into ${table} failed (status ${res.status}, code ${code || "none"}): ${res.error.message}`,
        );
        return { ok: false, kind: "unavailable", message: "The database is unreachable" };
      }
      const id = res.data?.id;
      if (typeof id !== "string")
        return { ok: false, kind: "unavailable", message: "The database did not confirm the submission" };
      return { ok: true, id };
    },
    async book(kind, fields) {
      if (!secret) return { ok: false, kind: "unavailable", message: "Bookings are temporarily unavailable" };
      let res;
      try {
        res = await secret.rpc("book_appointment", { kind, fields: fields as never });
      } catch (err) {
        console.error(`[forms] booking a ${kind} failed`, err);
        return { ok: false, kind: "unavailable", message: "The database is unreachable" };
      }
      if (res.error) {
        const code = res.error.code ?? "";
        if (code === "23P01") return { ok: false, kind: "taken" };
        if (code === "23503")
          return {
            ok: false,
            kind: "invalid",
            field: "property_id",
            message: "This property is not available",
          };
        if (code.startsWith("23") || code.startsWith("22"))
          return {
            ok: false,
            kind: "invalid",
            field: "_form",
            message: "Some details were not accepted; check the form and try again",
          };
        console.error(`[forms] booking a ${kind} failed (code ${code || "none"}): ${res.error.message}`);
        return { ok: false, kind: "unavailable", message: "The database is unreachable" };
      }
      const booked = res.data as { id?: unknown; status?: unknown } | null;
      if (typeof booked?.id !== "string")
        return { ok: false, kind: "unavailable", message: "The database did not confirm the booking" };
      return { ok: true, id: booked.id, status: String(booked.status ?? "requested") };
    },
    async freeSlots(query) {
      let res;
      try {
        res = await anon.rpc("available_slots", {
          kind: query.kind,
          ...(query.service ? { service: query.service } : {}),
          ...(query.property ? { property: query.property } : {}),
          ...(query.from ? { from_date: query.from } : {}),
          days: query.days,
        });
      } catch (err) {
        throw new StoreUnavailableError(String(err));
      }
      if (res.error) throw new StoreUnavailableError(res.error.message);
      return (res.data ?? []).map((r) => ({
        start: new Date(r.starts_at).toISOString(),
        end: new Date(r.ends_at).toISOString(),
      }));
    },
    async findPublishedProperty(ref) {
      let q = anon.from("properties").select("id").limit(1);
      q = ref.id ? q.eq("id", ref.id) : q.eq("slug", ref.slug ?? "");
      let res;
      try {
        res = await q;
      } catch (err) {
        throw new StoreUnavailableError(String(err));
      }
      if (res.error) {
        if (res.error.code === "22P02") return null;
        throw new StoreUnavailableError(res.error.message);
      }
      return res.data[0]?.id ?? null;
    },
  };
}

/**
 * The visitor's address as the edge itself knows it: CF-Connecting-IP, which Cloudflare sets on
 * every request (overwriting whatever the client sent). Locally the dev/preview server sets it
 * from the socket the same way (vite.config.ts). Never X-Forwarded-For or another client header.
 */
export function clientIp(req: Request): string {
  return req.headers.get("cf-connecting-ip")?.trim() || "unknown";
}

/** Reads at most `max` bytes as text; null when the body is larger. */
export async function readCapped(req: Request, max: number): Promise<string | null> {
  const bytes = await readCappedBody(req, max);
  return bytes && new TextDecoder().decode(bytes);
}

const errors = (c: Context, status: 400 | 404 | 413 | 415, map: Record<string, string>) =>
  c.json({ errors: map }, status);

export interface FormDeps {
  store: FormStore;
  rateLimiter: RateLimit | null;
  host: string;
  now: () => Date;
  /** After a submission is stored (live announcement, mail jobs); must not throw. */
  onStored?: (table: FormTable, id: string) => void;
}

/** Days of free times looked at for the "next free times" of a 409. */
const NEXT_SLOTS_DAYS = 14;

export async function handleFormPost(c: Context, kind: string, deps: FormDeps): Promise<Response> {
  if (!(FORM_KINDS as readonly string[]).includes(kind))
    return errors(c, 404, { _form: `Unknown form "${kind}"` });
  const form = kind as FormKind;

  if (deps.rateLimiter) {
    const { success } = await deps.rateLimiter.limit({ key: `${clientIp(c.req.raw)}:${form}` });
    if (!success) {
      c.header("Retry-After", String(FORM_RATE_LIMIT.periodSeconds));
      return c.json({ errors: { _form: "Too many submissions; please wait a minute and try again" } }, 429);
    }
  }

  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("application/json"))
    return errors(c, 415, { _form: "Send the form as JSON (Content-Type: application/json)" });
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > FORM_MAX_BODY_BYTES)
    return errors(c, 413, { _form: `The form is too large (max ${FORM_MAX_BODY_BYTES} bytes)` });
  const text = await readCapped(c.req.raw, FORM_MAX_BODY_BYTES);
  if (text === null)
    return errors(c, 413, { _form: `The form is too large (max ${FORM_MAX_BODY_BYTES} bytes)` });

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errors(c, 400, { _form: "The request body is not valid JSON" });
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return errors(c, 400, { _form: "Send the form fields as a JSON object" });

  const trap = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null) {
    // Looks like success to the bot; nothing is stored.
    console.warn(`[forms] honeypot filled on ${form} from ${clientIp(c.req.raw)}; discarded`);
    return c.json({ id: crypto.randomUUID() }, 201);
  }

  const parsed = FORM_SCHEMAS[form].safeParse(body);
  if (!parsed.success) return errors(c, 400, fieldErrors(parsed.error));

  const { consent: _consent, [HONEYPOT_FIELD]: _trap, ...fields } = parsed.data as Record<string, unknown>;
  const row: Record<string, unknown> = {
    ...fields,
    consent_at: deps.now().toISOString(),
    source_host: deps.host.slice(0, 255),
    user_agent: (c.req.header("user-agent") ?? "").slice(0, 500) || null,
  };
  if (form === "consultation" || form === "booking")
    row.starts_at = slotInstant(String(row.preferred_date), String(row.time_slot)).toISOString();

  if (form === "booking" || form === "contact") {
    const slug = typeof row.property_slug === "string" ? row.property_slug : undefined;
    const id = typeof row.property_id === "string" ? row.property_id : undefined;
    if (slug || id) {
      let found: string | null;
      try {
        found = await deps.store.findPublishedProperty({ slug, id });
      } catch (err) {
        console.error(`[forms] property lookup failed`, err);
        c.header("Retry-After", String(FORM_RETRY_AFTER_SECONDS));
        return c.json(
          { errors: { _form: "We could not save your request right now; please try again in a moment" } },
          503,
        );
      }
      if (!found)
        return errors(c, 400, { [id ? "property_id" : "property_slug"]: "This property is not available" });
      row.property_id = found;
    }
  }

  if (form === "consultation" || form === "booking") {
    const kind: AppointmentKind = form === "consultation" ? "consultation" : "viewing";
    const booked = await deps.store.book(kind, row);
    if (booked.ok) {
      deps.onStored?.(FORM_TABLES[form], booked.id);
      return c.json({ id: booked.id, status: booked.status }, 201);
    }
    if (booked.kind === "taken") {
      const wanted = String(row.starts_at);
      let next: SlotTimes[] = [];
      try {
        const slots = await deps.store.freeSlots({
          kind,
          service: typeof row.service === "string" ? row.service : undefined,
          property: typeof row.property_id === "string" ? row.property_id : undefined,
          from: String(row.preferred_date),
          days: NEXT_SLOTS_DAYS,
        });
        next = nextSlots(slots, Date.parse(wanted), 3);
        if (next.length === 0) next = slots.slice(0, 3);
      } catch (err) {
        console.warn("[forms] could not read the next free times", err);
      }
      return c.json({ errors: { time_slot: SLOT_TAKEN_MESSAGE }, next }, 409);
    }
    if (booked.kind === "invalid") return errors(c, 400, { [booked.field]: booked.message });
    c.header("Retry-After", String(FORM_RETRY_AFTER_SECONDS));
    return c.json(
      { errors: { _form: "We could not save your request right now; please try again in a moment" } },
      503,
    );
  }

  const result = await deps.store.insert(FORM_TABLES[form], row);
  if (result.ok) {
    deps.onStored?.(FORM_TABLES[form], result.id);
    return c.json({ id: result.id }, 201);
  }
  if (result.kind === "invalid") return errors(c, 400, { [result.field]: result.message });
  c.header("Retry-After", String(FORM_RETRY_AFTER_SECONDS));
  return c.json(
    { errors: { _form: "We could not save your request right now; please try again in a moment" } },
    503,
  );
}
