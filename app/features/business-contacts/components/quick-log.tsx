/**
 * "Log a call / WhatsApp / note" on the contact page: one line (and optional details) of what
 * happened, with its kind, direction and time (now unless changed). Saved as a hand-logged row of
 * contact_activities by the user; the timeline and the contact's "last activity" follow.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { MessageCircleIcon, NotebookPenIcon, PhoneIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import {
  ACTIVITY_KIND_LABELS,
  HAND_LOGGED_KINDS,
  quickLogSchema,
  type HandLoggedKind,
  type QuickLogInput,
  type QuickLogOutput,
} from "#core/business-contacts/activity-schema.ts";
import { errorOf } from "#app/components/records/hooks/use-record-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useLogActivity } from "../hooks/contact-queries.ts";

const QUICK: { kind: HandLoggedKind; label: string; icon: typeof PhoneIcon }[] = [
  { kind: "call", label: "Log a call", icon: PhoneIcon },
  { kind: "whatsapp", label: "Log WhatsApp", icon: MessageCircleIcon },
  { kind: "note", label: "Add a note", icon: NotebookPenIcon },
];

export function QuickLog({ contactId }: { contactId: string }) {
  const log = useLogActivity(contactId);
  const form = useForm<QuickLogInput, unknown, QuickLogOutput>({
    resolver: zodResolver(quickLogSchema),
    defaultValues: { kind: "call", direction: "outbound", summary: "", body: "", occurred_at: "" },
  });
  const { register, handleSubmit, setValue, watch, formState, reset, setFocus } = form;
  const kind = watch("kind");

  const submit = handleSubmit(async (values) => {
    await log.mutateAsync(values);
    toast.success(`${ACTIVITY_KIND_LABELS[values.kind]} logged`);
    reset({ kind: values.kind, direction: values.direction ?? "", summary: "", body: "", occurred_at: "" });
  });

  return (
    <form
      aria-label="Log an activity"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-lg border p-4"
    >
      <div role="group" aria-label="What to log" className="flex flex-wrap gap-2">
        {QUICK.map(({ kind: k, label, icon: Icon }) => (
          <Button
            key={k}
            type="button"
            variant={kind === k ? "default" : "outline"}
            size="sm"
            aria-pressed={kind === k}
            onClick={() => {
              setValue("kind", k);
              setValue("direction", k === "note" ? "" : "outbound");
              setFocus("summary");
            }}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Kind" error={errorOf(formState.errors, "kind")}>
          <NativeSelect {...register("kind")}>
            {HAND_LOGGED_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Direction" error={errorOf(formState.errors, "direction")}>
          <NativeSelect {...register("direction")}>
            <option value="">—</option>
            <option value="outbound">We contacted them</option>
            <option value="inbound">They contacted us</option>
          </NativeSelect>
        </Field>
        <Field label="When" error={errorOf(formState.errors, "occurred_at")} description="Empty = now">
          <Input {...register("occurred_at")} type="datetime-local" />
        </Field>
      </div>
      <Field label="Summary" error={errorOf(formState.errors, "summary")} required>
        <Input
          {...register("summary")}
          placeholder="e.g. Wants a 3-bed in East Legon, budget GHS 2m"
          autoComplete="off"
        />
      </Field>
      <Field label="Details" error={errorOf(formState.errors, "body")}>
        <Textarea {...register("body")} rows={2} />
      </Field>
      <Button type="submit" className="self-start" disabled={log.isPending}>
        Save to timeline
      </Button>
    </form>
  );
}
