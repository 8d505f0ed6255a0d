/**
 * A planned topic, new or existing, in a dialog: title, day, target keywords, audiences, status,
 * owner, notes and the linked post. "Start the post" creates the draft from the topic and opens
 * the editor; a linked post's publication decides "Published" (the database keeps them in step).
 */
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  AUDIENCE_LABELS,
  CONTENT_AUDIENCES,
  PICKABLE_TOPIC_STATUSES,
  TOPIC_CONSTRAINTS,
  TOPIC_STATUS_LABELS,
  topicFormSchema,
  topicFormValues,
  type TopicFormOutput,
  type TopicRow,
} from "#core/blog/content-plan.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { displayName } from "#core/schemas/profile.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useSession } from "#app/lib/session.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { createTopic, deleteTopic, startPost, updateTopic } from "../api/plan-api.ts";
import { usePostOptions, useRefreshTopics } from "../hooks/plan-queries.ts";

const LABELS = {
  title: "Topic",
  planned_for: "Day",
  keywords: "Target keywords",
  audiences: "Audience",
  status: "Status",
  owner_id: "Owner",
  notes: "Notes",
  post_id: "Post",
};

export function TopicDialog({
  open,
  onClose,
  topic,
  day,
}: {
  open: boolean;
  onClose: () => void;
  topic: TopicRow | null;
  day: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{topic ? "Planned topic" : "Plan a topic"}</DialogTitle>
          <DialogDescription>
            What to write about, for whom, and the words people search with.
          </DialogDescription>
        </DialogHeader>
        {open && <TopicForm key={topic?.id ?? `new-${day}`} topic={topic} day={day} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function TopicForm({ topic, day, onDone }: { topic: TopicRow | null; day: string; onDone: () => void }) {
  const { user, profile } = useSession();
  const team = useTeamMembers();
  const posts = usePostOptions(true);
  const refresh = useRefreshTopics();
  const navigate = useNavigate();
  const rf = useRecordForm({
    schema: topicFormSchema,
    values: topicFormValues(topic, { day, ownerId: user?.id ?? "" }),
    version: topic?.updated_at ?? null,
    save: (values: TopicFormOutput, version) =>
      topic ? updateTopic(topic.id, version ?? topic.updated_at, values) : createTopic(values),
    onSaved: () => {
      refresh();
      toast.success(topic ? "Topic saved" : "Topic planned");
      onDone();
    },
    constraints: TOPIC_CONSTRAINTS,
    fieldLabels: LABELS,
  });
  const { register, control, formState } = rf.form;
  const err = (name: keyof typeof LABELS) => errorOf(formState.errors, name as never);

  const link = async (postId: string) => {
    if (!topic) return;
    try {
      await updateTopic(topic.id, topic.updated_at, { post_id: postId || null });
      refresh();
      toast.success(postId ? "Post linked" : "Post unlinked");
      onDone();
    } catch (e) {
      const d = describeDbError(e);
      toast.error(d.title, { description: d.message });
    }
  };
  const start = async () => {
    if (!topic || !user) return;
    try {
      const postId = await startPost(topic, user.id, profile ? displayName(profile, user.email) : null);
      refresh();
      rf.guard.allowNextNavigation();
      toast.success("Draft created from the topic");
      navigate(`/admin/blog/edit/${postId}`);
    } catch (e) {
      const d = describeDbError(e);
      toast.error(d.title, { description: d.message });
    }
  };
  const remove = async () => {
    if (!topic) return;
    try {
      await deleteTopic(topic.id);
      refresh();
      toast.success("Topic removed");
      onDone();
    } catch (e) {
      const d = describeDbError(e);
      toast.error(d.title, { description: d.message });
    }
  };
  const linked = posts.data?.find((p) => p.id === topic?.post_id);

  return (
    <div className="flex flex-col gap-4">
      {topic?.status === "published" && <Alert>Published: its post is live.</Alert>}
      <RecordForm
        state={rf}
        label={topic ? "Topic" : "New topic"}
        submitLabel={topic ? "Save topic" : "Plan topic"}
        onCancel={onDone}
        actions={
          topic && (
            <Button
              type="button"
              variant="ghost"
              className="mr-auto text-destructive"
              onClick={() => void remove()}
            >
              Remove
            </Button>
          )
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field label={LABELS.title} error={err("title")} required>
              <Input
                {...register("title")}
                autoComplete="off"
                placeholder="e.g. Buying land in Ghana from abroad: 5 checks"
              />
            </Field>
          </div>
          <Field label={LABELS.planned_for} error={err("planned_for")} required>
            <Input type="date" {...register("planned_for")} />
          </Field>
          <Field label={LABELS.owner_id} error={err("owner_id")} required>
            <NativeSelect {...register("owner_id")}>
              <option value="">Choose…</option>
              {(team.data ?? []).map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {displayName(m, m.email)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="sm:col-span-2">
            <Field
              label={LABELS.keywords}
              error={err("keywords")}
              description="Separated by commas: the words people type into Google."
            >
              <Input
                {...register("keywords")}
                autoComplete="off"
                placeholder="land title search, buy land accra"
              />
            </Field>
          </div>
          <fieldset
            className="flex flex-col gap-2 sm:col-span-2"
            aria-describedby={err("audiences") ? "audiences-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium">
              {LABELS.audiences} <span aria-hidden="true">*</span>
            </legend>
            <Controller
              control={control}
              name="audiences"
              render={({ field }) => (
                <div className="flex flex-wrap gap-4">
                  {CONTENT_AUDIENCES.map((a) => (
                    <Field key={a} label={AUDIENCE_LABELS[a]} orientation="horizontal">
                      <Checkbox
                        checked={field.value.includes(a)}
                        onCheckedChange={(v) =>
                          field.onChange(
                            v === true ? [...field.value, a] : field.value.filter((x) => x !== a),
                          )
                        }
                      />
                    </Field>
                  ))}
                </div>
              )}
            />
            {err("audiences") && (
              <p id="audiences-error" className="text-sm font-medium text-destructive">
                {err("audiences")}
              </p>
            )}
          </fieldset>
          <Field
            label={LABELS.status}
            error={err("status")}
            description={
              topic?.post_id ? "Published follows the linked post." : "Published once a linked post is."
            }
          >
            <NativeSelect {...register("status")}>
              {PICKABLE_TOPIC_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TOPIC_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="sm:col-span-2">
            <Field label={LABELS.notes} error={err("notes")}>
              <Textarea {...register("notes")} rows={3} />
            </Field>
          </div>
        </div>
      </RecordForm>
      {topic && (
        <section aria-label="The post" className="flex flex-col gap-2 border-t pt-4">
          <h3 className="text-sm font-semibold">The post</h3>
          {linked ? (
            <p className="text-sm">
              Linked to{" "}
              <a href={`/admin/blog/edit/${linked.id}`} className="font-medium underline">
                {linked.title}
              </a>{" "}
              ({linked.status}).
            </p>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" size="sm" onClick={() => void start()}>
                Start the post
              </Button>
              <span className="text-sm text-muted-foreground">or link one:</span>
            </div>
          )}
          <Field label="Linked post">
            <NativeSelect value={topic.post_id ?? ""} onChange={(e) => void link(e.target.value)}>
              <option value="">No post</option>
              {(posts.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.status})
                </option>
              ))}
            </NativeSelect>
          </Field>
        </section>
      )}
    </div>
  );
}
