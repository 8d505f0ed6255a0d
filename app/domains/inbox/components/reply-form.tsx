/**
 * The reply form of the e-mail reply dialog (reply-dialog.tsx), loaded when the dialog opens:
 * the form library and the reply's parser stay out of the inbox screens' first download.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangleIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import type { InboxId } from "#core/inbox/inbox-model.ts";
import { replyFormSchema, type ReplyForm, type ReplyTemplate } from "#core/inbox/inbox-schema.ts";
import { mergeTemplate, type MergeValues } from "#core/inbox/reply-template.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useReplyAddress, useSendReply } from "../hooks/inbox-queries.ts";

export default function ReplyForm({
  inbox,
  recordId,
  templates,
  values,
  onDone,
}: {
  inbox: InboxId;
  recordId: string;
  templates: readonly ReplyTemplate[];
  values: MergeValues;
  onDone: () => void;
}) {
  const templateId = useId();
  const fmt = useFormatters();
  const address = useReplyAddress(inbox, recordId);
  const send = useSendReply(inbox, recordId);
  const [missing, setMissing] = useState<string[]>([]);
  const form = useForm<ReplyForm>({
    resolver: zodResolver(replyFormSchema),
    defaultValues: { subject: "", body: "" },
  });
  const { register, formState, handleSubmit, setValue } = form;

  function applyTemplate(id: string) {
    const t = templates.find((x) => x.id === id);
    if (!t) return;
    const subject = mergeTemplate(t.subject ?? "", values);
    const body = mergeTemplate(t.body, values);
    setValue("subject", subject.text, { shouldDirty: true });
    setValue("body", body.text, { shouldDirty: true });
    setMissing([...new Set([...subject.missing, ...body.missing])]);
  }

  const onSubmit = handleSubmit(async (v) => {
    const reply = await send.mutateAsync(v);
    toast.success(
      reply.address_had_bounced ? "Reply queued — but mail to this address bounced before" : "Reply sent",
      { description: `To ${reply.to_address}` },
    );
    onDone();
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e).catch(() => undefined)}
      aria-label="Reply by e-mail"
      className="flex flex-col gap-4"
      noValidate
    >
      <DialogHeader>
        <DialogTitle>Reply by e-mail</DialogTitle>
        <DialogDescription>
          To <strong>{address.data?.address ?? "…"}</strong>. Replies come from the company's address with
          yours as Reply-To.
        </DialogDescription>
      </DialogHeader>
      {address.data?.bouncedAt && (
        <Alert variant="destructive" data-testid="bounce-warning">
          <AlertTriangleIcon aria-hidden="true" />
          <span>
            Mail to this address bounced on {fmt.dateTime(address.data.bouncedAt)}. Check the address with the
            visitor (WhatsApp or phone) before relying on e-mail.
          </span>
        </Alert>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={templateId} className="text-sm font-medium">
          Template
        </label>
        <NativeSelect id={templateId} defaultValue="" onChange={(e) => applyTemplate(e.target.value)}>
          <option value="">Write from scratch</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {missing.length > 0 && (
        <p className="text-sm text-amber-800" role="status">
          Fill in before sending: {missing.map((m) => `[${m}?]`).join(", ")}
        </p>
      )}
      <Field label="Subject" required error={formState.errors.subject?.message}>
        <Input {...register("subject")} autoComplete="off" />
      </Field>
      <Field label="Message" required error={formState.errors.body?.message}>
        <Textarea {...register("body")} rows={10} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          Send reply
        </Button>
      </DialogFooter>
    </form>
  );
}
