/**
 * Writing or editing a notice (admins): title, audience, pin, expiry (Africa/Accra; empty = never)
 * and a markdown message with a preview rendered exactly as readers will see it. The record kit's
 * form: messages at each field, the stale-edit check, the leave-without-saving guard.
 */
import { useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { utcToWallTime } from "#core/calendar/calendar.ts";
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_CONSTRAINTS,
  ANNOUNCEMENT_FIELD_LABELS as L,
  announcementFormSchema,
  AUDIENCE_LABELS,
  type AnnouncementFormInput,
  type AnnouncementFormOutput,
  type AnnouncementRow,
} from "#core/announcements/announcement-schema.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { AnnouncementBody } from "./announcement-body.tsx";

export interface AnnouncementFormProps {
  row: AnnouncementRow | null;
  save: (values: AnnouncementFormOutput, version: string | null) => Promise<AnnouncementRow>;
  onSaved: (row: AnnouncementRow) => void;
  onCancel: () => void;
}

function valuesOf(row: AnnouncementRow | null): AnnouncementFormInput {
  return {
    title: row?.title ?? "",
    body: row?.body ?? "",
    audience: row?.audience ?? "everyone",
    pinned: row?.pinned ?? false,
    expires_at: row?.expires_at ? utcToWallTime(row.expires_at) : "",
  };
}

export function AnnouncementForm({ row, save, onSaved, onCancel }: AnnouncementFormProps) {
  // An unchanged expiry of a notice being edited is kept even if it has passed meanwhile.
  const schema = useMemo(
    () => announcementFormSchema({ savedExpiresAt: row?.expires_at ?? null }),
    [row?.expires_at],
  );
  const rf = useRecordForm({
    schema,
    values: valuesOf(row),
    version: row?.updated_at ?? null,
    save,
    onSaved,
    constraints: ANNOUNCEMENT_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, formState, watch } = rf.form;
  const [tab, setTab] = useState("write");
  const err = (name: keyof AnnouncementFormInput) => errorOf(formState.errors, name);

  return (
    <RecordForm
      state={rf}
      label={row ? "Edit announcement" : "New announcement"}
      submitLabel={row ? "Save changes" : "Publish"}
      onCancel={onCancel}
    >
      <Field label={L.title} error={err("title")} required>
        <Input {...register("title")} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={L.audience} error={err("audience")} required>
          <NativeSelect {...register("audience")}>
            {ANNOUNCEMENT_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {AUDIENCE_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label={L.expires_at}
          error={err("expires_at")}
          description="Optional. Africa/Accra time; after it, staff no longer see the notice."
        >
          <Input type="datetime-local" {...register("expires_at")} />
        </Field>
      </div>
      <Field
        label={L.pinned}
        orientation="horizontal"
        description="Pinned notices stay at the top of the board."
      >
        {(controlProps) => (
          <Controller
            control={control}
            name="pinned"
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
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write" forceMount hidden={tab !== "write"}>
          <Field
            label={L.body}
            error={err("body")}
            required
            description="Markdown: **bold**, *italic*, lists, [links](https://…). HTML is shown as text."
          >
            <Textarea rows={8} {...register("body")} />
          </Field>
        </TabsContent>
        <TabsContent value="preview">
          <div className="min-h-32 rounded-md border p-3">
            {watch("body").trim() ? (
              <AnnouncementBody source={watch("body")} />
            ) : (
              <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
            )}
          </div>
        </TabsContent>
      </Tabs>
    </RecordForm>
  );
}
