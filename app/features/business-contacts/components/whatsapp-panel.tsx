/**
 * The contact's WhatsApp: the opt-in (Meta requires one before the company writes first) with
 * where and when it was given — STOP on WhatsApp withdraws it —, sending an approved template
 * with its parameters (appointment reminders, invoice and receipt links…), and the messages out
 * and in with their delivery status. The database refuses a message the contact has not opted in
 * to, or whose parameters do not fit the template, and the refusal shows here.
 */
import { SendIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "#app/lib/toast.ts";
import {
  CONSENT_SOURCE_LABELS,
  CONSENT_SOURCES,
  type ConsentSource,
} from "#core/business-contacts/contact-schema.ts";
import { formatPhone } from "#core/business-contacts/phone.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { renderTemplate, templateParamsProblem } from "#core/whatsapp/whatsapp.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import {
  useChangeWhatsAppOptIn,
  useRefreshWhatsAppMessages,
  useSendWhatsAppTemplate,
  useWhatsAppMessages,
  useWhatsAppOptIn,
} from "../hooks/whatsapp-queries.ts";
import { useWhatsAppTemplates } from "#app/lib/whatsapp-queries.ts";

const STATUS_TONES = {
  queued: "muted",
  sending: "muted",
  sent: "info",
  delivered: "success",
  read: "success",
  failed: "danger",
  received: "accent",
} as const;

export function WhatsAppPanel({ contactId, phone }: { contactId: string; phone: string | null }) {
  const fmt = useFormatters();
  const optIn = useWhatsAppOptIn(contactId);
  const messages = useWhatsAppMessages(contactId);
  const refreshMessages = useRefreshWhatsAppMessages(contactId);
  const [source, setSource] = useState<ConsentSource>("in_person");
  const change = useChangeWhatsAppOptIn(contactId, source, (on) =>
    toast.success(on ? "WhatsApp opt-in recorded" : "WhatsApp opt-in withdrawn"),
  );

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section aria-labelledby="wa-optin" className="flex flex-col gap-3 rounded-lg border p-4">
        <h2 id="wa-optin" className="font-semibold">
          WhatsApp opt-in
        </h2>
        {!phone && <p className="text-sm text-muted-foreground">Add a phone number first (Details tab).</p>}
        {optIn.isPending && <Skeleton className="h-10 w-full" />}
        {optIn.data && (
          <>
            <p className="text-sm" data-testid="whatsapp-opt-in">
              {optIn.data.whatsapp_opt_in
                ? "Agrees to WhatsApp messages"
                : "Has not opted in to WhatsApp messages"}
              {optIn.data.whatsapp_opt_in_at
                ? ` — ${optIn.data.whatsapp_opt_in ? "given" : "changed"} ${fmt.dateTime(optIn.data.whatsapp_opt_in_at)}${
                    optIn.data.whatsapp_opt_in_source
                      ? ` (${CONSENT_SOURCE_LABELS[optIn.data.whatsapp_opt_in_source]})`
                      : ""
                  }`
                : ""}
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Given or withdrawn through" className="w-56">
                <NativeSelect value={source} onChange={(e) => setSource(e.target.value as ConsentSource)}>
                  {CONSENT_SOURCES.map((s) => (
                    <option key={s} value={s}>
                      {CONSENT_SOURCE_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Agrees to WhatsApp messages" orientation="horizontal">
                <Checkbox
                  checked={optIn.data.whatsapp_opt_in}
                  disabled={change.isPending || !phone}
                  onCheckedChange={(v) => change.mutate(v === true)}
                />
              </Field>
            </div>
          </>
        )}
      </section>

      {phone && optIn.data?.whatsapp_opt_in && (
        <SendTemplate contactId={contactId} onSent={refreshMessages} />
      )}

      <section aria-labelledby="wa-messages" className="flex flex-col gap-3">
        <h2 id="wa-messages" className="font-semibold">
          WhatsApp messages {phone ? `with ${formatPhone(phone)}` : ""}
        </h2>
        {messages.isPending && <Skeleton className="h-20 w-full" />}
        {messages.isError && (
          <p className="text-sm text-destructive">{describeDbError(messages.error).message}</p>
        )}
        {messages.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">No WhatsApp messages yet.</p>
        )}
        {messages.data && messages.data.length > 0 && (
          <ul className="flex flex-col divide-y rounded-lg border">
            {messages.data.map((m) => (
              <li key={m.id} className="flex flex-col gap-1 px-3 py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {m.direction === "inbound" ? "From the contact" : (m.template ?? "Message")}
                  </span>
                  <Badge tone={STATUS_TONES[m.status]}>{m.status}</Badge>
                  <span className="text-muted-foreground">{fmt.dateTime(m.created_at)}</span>
                </div>
                <p className="whitespace-pre-wrap">{m.body}</p>
                {m.error && <p className="text-destructive">{m.error}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SendTemplate({ contactId, onSent }: { contactId: string; onSent: () => void }) {
  const templates = useWhatsAppTemplates();
  const [name, setName] = useState("");
  const [params, setParams] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const template = templates.data?.find((t) => t.name === name && t.is_active);
  const send = useSendWhatsAppTemplate(contactId, {
    onSuccess: () => {
      toast.success("WhatsApp message queued");
      setParams(params.map(() => ""));
      onSent();
    },
    onError: (e) => setProblem(describeDbError(e).message),
  });

  return (
    <section aria-labelledby="wa-send" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="wa-send" className="font-semibold">
        Send a WhatsApp template
      </h2>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const p = template ? templateParamsProblem(template, params) : "Choose a template";
          setProblem(p ?? undefined);
          if (!p && template) send.mutate({ template, params });
        }}
      >
        <Field
          label="Template"
          error={problem}
          required
          description={template ? `“${renderTemplate(template.body, params)}”` : undefined}
        >
          <NativeSelect
            value={name}
            onChange={(e) => {
              const t = templates.data?.find((x) => x.name === e.target.value);
              setName(e.target.value);
              setParams(Array.from({ length: t?.param_count ?? 0 }, () => ""));
              setProblem(undefined);
            }}
          >
            <option value="">Choose a template</option>
            {(templates.data ?? [])
              .filter((t) => t.is_active)
              .map((t) => (
                <option key={`${t.name}/${t.language}`} value={t.name}>
                  {t.name} ({t.category})
                </option>
              ))}
          </NativeSelect>
        </Field>
        {params.map((value, i) => (
          <Field key={i} label={`Parameter {{${i + 1}}}`}>
            <Input
              value={value}
              onChange={(e) => setParams(params.map((p, j) => (j === i ? e.target.value : p)))}
            />
          </Field>
        ))}
        <Button type="submit" className="self-start" disabled={send.isPending || !template}>
          <SendIcon aria-hidden="true" /> Send on WhatsApp
        </Button>
      </form>
    </section>
  );
}
