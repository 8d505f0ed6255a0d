/**
 * A contact's details (create and edit): the record kit's form on core's contact schema —
 * person or company, type, stage, source, tags, two phones and two e-mails (checked as typed,
 * stored in E.164 / lower-case by the table), place, company details, Act 843 consent with how it
 * was given, owner and assignee. De-duplication: when a phone or e-mail is typed, and again on
 * save, contacts with the same phone or e-mail are looked up (contact_duplicates, under RLS) and
 * offered — open it, add the typed details to it, or create a separate contact anyway.
 */
import { useRef, useState } from "react";
import { Controller, type Path } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import {
  CONSENT_SOURCE_LABELS,
  CONSENT_SOURCES,
  CONSENT_STATUS_LABELS,
  CONSENT_STATUSES,
  CONTACT_CONSTRAINTS,
  CONTACT_FIELD_LABELS as L,
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  CONTACT_STAGE_LABELS,
  CONTACT_STAGES,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  contactFormSchema,
  contactFormValues,
  type ContactBrief,
  type ContactFormInput,
  type ContactFormOutput,
  type ContactRow,
} from "#core/business-contacts/contact-schema.ts";
import { GHANA_NETWORK_LABELS, ghanaNetwork, toE164 } from "#core/business-contacts/phone.ts";
import type { ImportRowValues } from "#core/business-contacts/contact-import.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { displayName } from "#core/schemas/profile.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { findDuplicates, importContacts } from "../api/contacts-api.ts";
import { DuplicateNotice } from "./duplicate-notice.tsx";

export interface ContactFormProps {
  row: ContactRow | null;
  save: (values: ContactFormOutput, version: string | null) => Promise<ContactRow>;
  onSaved: (row: ContactRow) => void;
  /** A new contact's details went into an existing contact instead. */
  onAddedTo?: (contactId: string) => void;
  reload?: () => Promise<unknown>;
  onCancel: () => void;
}

const SECTION = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
const DUPLICATE = "DUPLICATE_CONTACT";

export function ContactForm({ row, save, onSaved, onAddedTo, reload, onCancel }: ContactFormProps) {
  const { user, role } = useSession();
  const team = useTeamMembers();
  const [duplicates, setDuplicates] = useState<ContactBrief[]>([]);
  const [busy, setBusy] = useState(false);
  const allowDuplicate = useRef(false);
  const checked = useRef<string>("");

  const rf = useRecordForm({
    schema: contactFormSchema,
    values: contactFormValues(row, user?.id ?? null),
    version: row?.updated_at ?? null,
    save: async (values, version) => {
      if (!row && !allowDuplicate.current) {
        const found = await findDuplicates(values.phone, values.email);
        setDuplicates(found);
        if (found.length) {
          const onPhone = found.some((c) => c.phone && c.phone === values.phone);
          throw new RecordError(
            "This phone or e-mail is already a contact: open it, add these details to it, or create a new contact anyway (below).",
            DUPLICATE,
            onPhone ? "phone" : "email",
          );
        }
      }
      return save(values, version);
    },
    onSaved,
    reload,
    constraints: CONTACT_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, watch, formState, getValues } = rf.form;
  const kind = watch("kind");
  const phone = watch("phone");
  const network = ghanaNetwork(toE164(phone));
  const err = (name: Path<ContactFormInput>) => errorOf(formState.errors, name);

  /** Looks for the same phone or e-mail as soon as one is typed (≤ 50 ms under RLS at 100,000 contacts). */
  const checkDuplicates = async () => {
    const p = toE164(getValues("phone"));
    const e = getValues("email").trim().toLowerCase() || null;
    const key = `${p}|${e}`;
    if (key === checked.current || (!p && !e)) return;
    checked.current = key;
    try {
      setDuplicates(await findDuplicates(p, e, row?.id));
    } catch {
      // The check runs again on save; a failed lookup here only delays the warning.
    }
  };

  const addTo = async (c: ContactBrief) => {
    const parsed = contactFormSchema.safeParse(getValues());
    if (!parsed.success) {
      void rf.onSubmit();
      return;
    }
    const v = parsed.data;
    setBusy(true);
    try {
      const values: ImportRowValues = {
        kind: v.kind,
        first_name: v.first_name,
        last_name: v.last_name,
        company_name: v.company_name,
        job_title: v.job_title,
        type: v.type,
        stage: v.stage,
        source: v.source ?? "other",
        tags: v.tags,
        phone: v.phone,
        alt_phone: v.alt_phone,
        email: v.email,
        alt_email: v.alt_email,
        city: v.city,
        neighbourhood: v.neighbourhood,
        address: v.address,
        notes: v.notes,
        consent_status: v.consent_status,
        marketing_consent: v.marketing_consent,
      };
      await importContacts([{ ...values, merge_into: c.id }]);
      rf.form.reset(getValues());
      toast.success(`Details added to ${c.display_name}`);
      onAddedTo?.(c.id);
    } catch (e) {
      toastError(e, { errorTitle: `Not added to ${c.display_name}` });
    } finally {
      setBusy(false);
    }
  };

  const text = (
    name: Path<ContactFormInput> & keyof typeof L,
    opts: {
      required?: boolean;
      description?: string;
      placeholder?: string;
      type?: string;
      onBlur?: () => void;
    } = {},
  ) => (
    <Field label={L[name]} error={err(name)} required={opts.required} description={opts.description}>
      <Input
        {...register(name, opts.onBlur ? { onBlur: opts.onBlur } : undefined)}
        type={opts.type}
        placeholder={opts.placeholder}
        autoComplete="off"
      />
    </Field>
  );
  const select = <T extends string>(
    name: Path<ContactFormInput> & keyof typeof L,
    values: readonly T[],
    labels: Record<T, string>,
    opts: { required?: boolean; none?: string } = {},
  ) => (
    <Field label={L[name]} error={err(name)} required={opts.required}>
      <NativeSelect {...register(name)}>
        {opts.none !== undefined && <option value="">{opts.none}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
  const members = (team.data ?? []).map((m) => ({ value: m.user_id, label: displayName(m, m.email) }));

  return (
    <RecordForm
      state={rf}
      label={row ? "Contact details" : "New contact"}
      submitLabel={row ? "Save changes" : "Create contact"}
      onCancel={onCancel}
    >
      <DuplicateNotice
        duplicates={duplicates}
        busy={busy}
        onAddTo={row ? undefined : (c) => void addTo(c)}
        onCreateAnyway={
          row
            ? undefined
            : () => {
                allowDuplicate.current = true;
                setDuplicates([]);
                void rf.onSubmit();
              }
        }
      />
      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Who</legend>
        {select("kind", CONTACT_KINDS, CONTACT_KIND_LABELS, { required: true })}
        {kind === "person" ? (
          <>
            {text("first_name", { required: true })}
            {text("last_name")}
            {text("company_name", { description: "Where they work, as written." })}
            {text("job_title")}
          </>
        ) : (
          <>
            {text("company_name", { required: true })}
            {text("industry", { placeholder: "e.g. Construction" })}
            {text("website", { placeholder: "https://" })}
            {text("tin", { description: "Tax identification number (GRA) or Ghana Card number." })}
          </>
        )}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">How to reach them</legend>
        <Field
          label={L.phone}
          error={err("phone")}
          description={
            network ? `${GHANA_NETWORK_LABELS[network]} number` : "e.g. 024 123 4567, or +44 20 7946 0958"
          }
        >
          <Input
            {...register("phone", { onBlur: () => void checkDuplicates() })}
            type="tel"
            autoComplete="off"
          />
        </Field>
        {text("alt_phone", { type: "tel" })}
        {text("email", { type: "email", onBlur: () => void checkDuplicates() })}
        {text("alt_email", { type: "email" })}
        {text("city", { placeholder: "e.g. Accra" })}
        {text("neighbourhood", { placeholder: "e.g. East Legon" })}
        <div className="sm:col-span-2">{text("address")}</div>
        {text("ghana_post_gps", { placeholder: "GA-123-4567" })}
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">In the pipeline</legend>
        {select("type", CONTACT_TYPES, CONTACT_TYPE_LABELS, { required: true })}
        {select("stage", CONTACT_STAGES, CONTACT_STAGE_LABELS, { required: true })}
        {select("source", CONTACT_SOURCES, CONTACT_SOURCE_LABELS, { none: "Not known" })}
        <div className="sm:col-span-2">
          {text("tags", { description: "Separated by commas, e.g. investor, east legon, 3-bed" })}
        </div>
        {role === "admin" && (
          <Field
            label={L.owner_id}
            error={err("owner_id")}
            description="Staff see the contacts they own or are assigned."
          >
            <NativeSelect {...register("owner_id")}>
              <option value="">No owner</option>
              {members.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <Field label={L.assignee_id} error={err("assignee_id")}>
          <NativeSelect {...register("assignee_id")}>
            <option value="">Nobody</option>
            {members.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className="mb-2 text-base font-semibold">Consent (Data Protection Act 2012, Act 843)</legend>
        {select("consent_status", CONSENT_STATUSES, CONSENT_STATUS_LABELS, { required: true })}
        {select("consent_source", CONSENT_SOURCES, CONSENT_SOURCE_LABELS, { none: "—" })}
        {text("consent_note", { placeholder: "e.g. Agreed on the viewing form, 3 March" })}
        <Field label={L.marketing_consent} orientation="horizontal" error={err("marketing_consent")}>
          {(controlProps) => (
            <Controller
              control={control}
              name="marketing_consent"
              render={({ field }) => (
                <Checkbox
                  {...controlProps}
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
      </fieldset>

      <Field label={L.notes} error={err("notes")}>
        <Textarea {...register("notes")} rows={4} />
      </Field>
    </RecordForm>
  );
}
