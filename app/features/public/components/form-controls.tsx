/**
 * Accessible form controls: every input has a label, errors are linked with
 * aria-describedby and announced; the first invalid field receives focus on submit.
 */
import { CheckCircle2 } from "lucide-react";
import {
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { CONSENT_TEXT, HONEYPOT_FIELD, type FormKind } from "#core/form-fields.ts";
import { Link } from "react-router";

const control =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-emerald-700 focus:ring-2 focus:ring-emerald-700/30 focus:outline-none aria-[invalid=true]:border-red-600";

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

function FieldShell({
  id,
  name,
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export function TextField({
  name,
  label,
  error,
  hint,
  required,
  className,
  ...rest
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      name={name}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <input
        id={id}
        name={name}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export function TextArea({
  name,
  label,
  error,
  hint,
  required,
  className,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      name={name}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <textarea
        id={id}
        name={name}
        rows={4}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  required,
  className,
  options,
  placeholder,
  ...rest
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  }) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      name={name}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <select
        id={id}
        name={name}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function RadioGroup({
  name,
  label,
  error,
  options,
  defaultValue,
}: {
  name: string;
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">
        {label}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={o.value === defaultValue}
              className="size-4 accent-emerald-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error={name}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ConsentField({ error }: { error?: string }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="consent"
          value="true"
          className="mt-1 size-5 shrink-0 accent-emerald-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="text-sm text-stone-700">
          {CONSENT_TEXT}{" "}
          <Link to="/privacy-policy" className="font-medium text-emerald-800 underline">
            Read the privacy notice
          </Link>
          .
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error="consent">
          {error}
        </p>
      )}
    </div>
  );
}

/** Appointments: the visitor asks for the confirmation and reminders on WhatsApp (optional; Meta's opt-in). */
export function WhatsAppOptInField() {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name="whatsapp_opt_in"
        value="true"
        className="mt-1 size-5 shrink-0 accent-emerald-700"
      />
      <label htmlFor={id} className="text-sm text-stone-700">
        Send me the confirmation and reminders on WhatsApp (optional; reply STOP at any time to opt out).
      </label>
    </div>
  );
}

/** Hidden from people and assistive tech; bots fill it and are discarded by the worker. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export type FormValues = Record<string, unknown>;

/** Fields the visitor does not type (set from the page they came from). */
const HIDDEN_FIELDS = ["property_slug", "property_id"] as const;

/**
 * State of one public form: converts the form's fields to the schema's input shape, validates,
 * posts, keeps the input on any error (uncontrolled inputs are never reset), focuses the first
 * invalid field.
 */
/** The form API client with the shared zod schemas: loaded when a visitor starts on a form. */
const loadFormApi = () => import("../lib/form-api.ts");

export function usePublicForm(kind: FormKind, toValues: (fd: FormData) => FormValues) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [doneId, setDoneId] = useState<string | null>(null);
  const [doneStatus, setDoneStatus] = useState<string | null>(null);
  const [doneValues, setDoneValues] = useState<FormValues>({});
  /** After a 409 of a booking form: the next free times, and a counter that makes the slots reload. */
  const [next, setNext] = useState<Array<{ start: string; end: string }> | null>(null);
  const [conflicts, setConflicts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const form = e.currentTarget;
    const values = toValues(new FormData(form));
    setSending(true);
    setMessage(null);
    try {
      const { submitForm } = await loadFormApi();
      const result = await submitForm(kind, values);
      if (result.ok) {
        setErrors({});
        setNext(null);
        setDoneValues(values);
        setDoneStatus(result.status ?? null);
        setDoneId(result.id);
        return;
      }
      setErrors(result.errors);
      if (result.next) {
        setNext(result.next);
        setConflicts((n) => n + 1);
      }
      // Errors on hidden fields (the linked listing) have no field to sit under: say them in the alert.
      const hidden = HIDDEN_FIELDS.filter((f) => result.errors[f]).map((f) => result.errors[f]);
      setMessage([...hidden, result.message].join(" "));
      requestAnimationFrame(() => {
        const first = Object.keys(result.errors)[0];
        const el = first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : null;
        (el ?? form.querySelector<HTMLElement>("[role=alert]"))?.focus();
      });
    } finally {
      setSending(false);
    }
  }

  // Fetch the validation code as soon as the visitor starts filling in the form.
  function prepare() {
    void loadFormApi().catch(() => undefined);
  }

  function clearError(e: FormEvent<HTMLFormElement>) {
    const name = (e.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  // Everything the <form> element needs, spread onto it by each form page.
  const formProps = { ref: formRef, noValidate: true, onSubmit, onInput: clearError, onFocus: prepare };
  return {
    errors,
    message,
    sending,
    done: doneId !== null,
    doneId,
    doneStatus,
    doneValues,
    next,
    conflicts,
    reset: () => {
      setDoneId(null);
      setNext(null);
    },
    formProps,
  };
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {message}
    </div>
  );
}

export function SubmitButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={sending}
      aria-busy={sending || undefined}
      className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-emerald-800 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
    >
      {sending && (
        <span
          aria-hidden="true"
          className="inline-block size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
        />
      )}
      {sending ? "Sending…" : children}
    </button>
  );
}

export function FormSuccess({
  title,
  children,
  onAgain,
}: {
  title: string;
  children?: ReactNode;
  onAgain?: () => void;
}) {
  return (
    <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-700" />
      <h2 className="mt-4 text-2xl font-semibold text-emerald-950">{title}</h2>
      {children && <div className="mt-2 text-stone-700">{children}</div>}
      {onAgain && (
        <button
          type="button"
          onClick={onAgain}
          className="mt-6 rounded-full border border-emerald-800 px-5 py-2 font-semibold text-emerald-900 hover:bg-emerald-100"
        >
          Send another
        </button>
      )}
    </div>
  );
}

/** Optional fields whose empty value means "not given" (their schemas reject ""). */
const DROP_WHEN_EMPTY = new Set([
  "budget_min",
  "bedrooms_min",
  "bedrooms_max",
  "property_slug",
  "property_id",
]);

/**
 * FormData → the schema's input: strings as typed (so a missing required field gets the
 * schema's own message, e.g. "Enter your full name"), empty optional numbers/links dropped,
 * consent and the WhatsApp opt-in → booleans.
 */
export function formEntries(fd: FormData): FormValues {
  const out: FormValues = {};
  for (const [k, v] of fd.entries()) {
    if (typeof v !== "string" || k === "consent" || k === "whatsapp_opt_in") continue;
    if (v.trim() === "" && DROP_WHEN_EMPTY.has(k)) continue;
    out[k] = v;
  }
  out.consent = fd.get("consent") === "true";
  if (fd.has("whatsapp_opt_in")) out.whatsapp_opt_in = fd.get("whatsapp_opt_in") === "true";
  return out;
}
