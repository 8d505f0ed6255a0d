/**
 * Templates: a name, a subject and a plain-text body with merge fields ({{first_name}} …); the
 * editor names the fields it knows and warns about any it does not (they would go out as typed).
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { z } from "zod";
import { MERGE_FIELDS, unknownMergeFields } from "#core/email-marketing/merge.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { saveTemplate, type EmailTemplate } from "../api/email-marketing-api.ts";
import { useRefreshMarketing, useTemplates } from "../hooks/marketing-queries.ts";

const templateSchema = z.object({
  name: z.string().trim().min(2, "Name the template (at least 2 characters)").max(120),
  subject: z.string().trim().min(1, "Write a subject").max(200, "A subject is limited to 200 characters"),
  body: z.string().trim().min(1, "Write the message").max(50_000),
});

export function MergeFieldHint({ text }: { text: string }) {
  const unknown = unknownMergeFields(text);
  return (
    <p className="text-xs text-muted-foreground">
      Merge fields: {MERGE_FIELDS.map((f) => `{{${f}}}`).join(", ")}.
      {unknown.length > 0 && (
        <span role="alert" className="ml-1 text-amber-800">
          Unknown: {unknown.map((f) => `{{${f}}}`).join(", ")} — sent as typed.
        </span>
      )}
    </p>
  );
}

export function TemplatesTab() {
  const refresh = useRefreshMarketing();
  const templates = useTemplates();
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [form, setForm] = useState({ name: "", subject: "", body: "" });
  const [error, setError] = useState<string | null>(null);
  const edit = (t: EmailTemplate | null) => {
    setEditing(t);
    setForm(t ? { name: t.name, subject: t.subject, body: t.body } : { name: "", subject: "", body: "" });
    setError(null);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = templateSchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await saveTemplate({ id: editing?.id, ...parsed.data });
      toast.success(editing ? "Template saved" : "Template created");
      edit(null);
      await refresh();
    } catch (err) {
      setError(describeDbError(err).message);
    }
  };
  return (
    <div className="grid gap-4 pt-3 lg:grid-cols-[16rem_1fr]">
      <nav aria-label="Templates" className="flex flex-col gap-1">
        <Button
          variant={editing === null ? "secondary" : "ghost"}
          className="justify-start"
          onClick={() => edit(null)}
        >
          New template
        </Button>
        {templates.data?.map((t) => (
          <Button
            key={t.id}
            variant={editing?.id === t.id ? "secondary" : "ghost"}
            className="justify-start"
            onClick={() => edit(t)}
          >
            {t.name}
          </Button>
        ))}
      </nav>
      <form
        onSubmit={save}
        aria-label={editing ? `Template ${editing.name}` : "New template"}
        className="flex flex-col gap-3"
      >
        <Label htmlFor="template-name">Template name</Label>
        <Input
          id="template-name"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Label htmlFor="template-subject">Subject</Label>
        <Input
          id="template-subject"
          value={form.subject}
          onChange={(e) => setForm({ ...form, subject: e.target.value })}
        />
        <Label htmlFor="template-body">Message</Label>
        <Textarea
          id="template-body"
          rows={10}
          value={form.body}
          onChange={(e) => setForm({ ...form, body: e.target.value })}
        />
        <MergeFieldHint text={`${form.subject}\n${form.body}`} />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="self-start">
          {editing ? "Save template" : "Create template"}
        </Button>
      </form>
    </div>
  );
}
