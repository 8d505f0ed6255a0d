/**
 * /admin/blog/new and /admin/blog/edit/:postId: a post. A saved post is a record page on the kit's
 * engine — its summary (status, author, publication or schedule time, when it last saved), then
 * the editor and its history as tabs; a new post is the editor alone. Markdown on the left, the live
 * preview (the public page's own renderer) on the right; beside them publication (publish now,
 * schedule, unpublish), the cover with its share card, excerpt, tags, byline, the SEO fields with
 * counters and the search result. Drafts save themselves while you write; a colleague with the
 * same post open is named in a warning; every save is conditional on the version loaded, so
 * nobody's work is overwritten silently. Publishing refreshes the sitemaps and the feed.
 */
import { EyeIcon, PencilLineIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, type Path } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { slugify, type BlogStatus } from "#core/content-model.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import {
  POST_CONSTRAINTS,
  POST_FIELD_LABELS as L,
  postFormSchema,
  postFormValues,
  type PostFormInput,
  type PostRow,
} from "#core/blog/post-schema.ts";
import { postShareText } from "#core/seo/meta.ts";
import { displayName } from "#core/schemas/profile.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { defineRecordPage, RecordFrame, RecordPage } from "#app/components/records/record-page.tsx";
import { SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { regenerateSitemaps } from "#app/lib/regenerate-sitemaps-api.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { useFormatters } from "#app/lib/format.ts";
import { createPost, deletePost, updatePost } from "./api/posts-api.ts";
import { CoverImageField } from "./components/cover-image-field.tsx";
import { MarkdownEditor } from "./components/markdown-editor.tsx";
import { MarkdownPreview } from "./components/markdown-preview.tsx";
import { editorPath, publicPostUrl } from "./components/post-columns.tsx";
import { PostStatusBadge } from "./components/post-status-badge.tsx";
import { PublishPanel } from "./components/publish-panel.tsx";
import { useInvalidatePost, usePost, useTags } from "./hooks/post-queries.ts";
import { useAutosave, useOtherEditors } from "./hooks/use-post-session.ts";
import { SeoSection, AutosaveStatus, HistoryPanel } from "./components/post-editor-panels.tsx";

const BACK = { to: "/admin/blog", label: "All posts" };

const POST_PAGE = defineRecordPage<PostRow>({
  noun: "post",
  back: BACK,
  useRecord: usePost,
  title: (row) => row.title,
  Summary: PostSummary,
  tabs: [
    { id: "edit", label: "Edit", content: ({ row, reload }) => <PostEditor row={row} reload={reload} /> },
    { id: "history", label: "History", content: ({ row }) => <HistoryPanel row={row} /> },
  ],
});

export default function PostEditorPage() {
  const { postId } = useParams();
  return postId ? (
    <RecordPage key={postId} definition={POST_PAGE} id={postId} />
  ) : (
    <RecordFrame back={BACK} title="New post">
      <PostEditor row={null} />
    </RecordFrame>
  );
}

/** What an editor needs first: where the post stands, whose it is, when it goes out, when it last saved. */
function PostSummary({ row }: { row: PostRow }) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <PostStatusBadge status={row.status} />
      </SummaryFact>
      <SummaryFact label="Author">
        {row.author_name || (row.author_id ? memberName(row.author_id) : "Nobody")}
      </SummaryFact>
      <SummaryFact label={row.status === "scheduled" ? "Scheduled for" : "Published"}>
        {row.published_at ? fmt.dateTime(row.published_at) : "Not yet"}
      </SummaryFact>
      <SummaryFact label="Last saved">
        <time dateTime={row.updated_at}>{fmt.dateTime(row.updated_at)}</time>
      </SummaryFact>
    </SummaryFacts>
  );
}

function PostEditor({ row, reload }: { row: PostRow | null; reload?: () => Promise<unknown> }) {
  const { user, profile } = useSession();
  const navigate = useNavigate();
  const invalidate = useInvalidatePost();
  const memberName = useMemberName();
  const tags = useTags();
  const byline = profile ? displayName(profile, user?.email) : "";
  // The version the next save is conditional on: the loaded one, then each of our own saves.
  const version = useRef<string | null>(row?.updated_at ?? null);
  const [busy, setBusy] = useState(false);
  const [mobileView, setMobileView] = useState<"write" | "preview">("write");

  const rf = useRecordForm({
    schema: postFormSchema,
    values: postFormValues(row, byline),
    version: row?.updated_at ?? null,
    save: (values) =>
      row ? updatePost(row.id, version.current ?? row.updated_at, values) : createPost(values),
    onSaved: (saved) => {
      version.current = saved.updated_at;
      invalidate(saved.id, row ? "updated" : "created");
      if (!row) {
        toast.success("Draft created", { description: "It now saves itself while you write." });
        navigate(editorPath(saved.id), { replace: true });
        return;
      }
      toast.success("Post saved");
      if (saved.slug !== row.slug && saved.status !== "draft")
        void refreshSitemaps("The new address is live; the old one redirects to it.");
    },
    reload,
    constraints: POST_CONSTRAINTS,
    fieldLabels: L,
  });
  const { form } = rf;
  const { register, control, watch, formState } = form;
  const err = (name: Path<PostFormInput>) => errorOf(formState.errors, name);

  // A colleague's save seen while this form is untouched becomes the new base version.
  useEffect(() => {
    if (row && !formState.isDirty) version.current = row.updated_at;
  }, [row, formState.isDirty]);

  const others = useOtherEditors(row?.id ?? null, user?.id ?? null);
  const autosave = useAutosave({
    row,
    form,
    version,
    busy: busy || rf.saving,
    save: (values, from) => updatePost(row!.id, from, values),
    onSaved: (saved) => invalidate(saved.id),
  });

  const title = watch("title");
  const slug = watch("slug") || slugify(title);
  const share = postShareText({
    title: title || "Untitled post",
    excerpt: watch("excerpt") || null,
    seo_title: watch("seo_title") || null,
    seo_description: watch("seo_description") || null,
  });
  const url = publicPostUrl(slug || "…");

  async function refreshSitemaps(done: string) {
    const r = await regenerateSitemaps();
    if (!r.ok)
      toast.warning("The sitemaps and feed could not be refreshed now", {
        description: `${r.message}. They refresh on their own within the hour.`,
      });
    else toast.success(done, { description: "The sitemaps and the feed were refreshed." });
  }

  /** Saves the current text with a new status, in one conditional update. */
  const changeStatus = async (status: BlogStatus, publishedAt: string | null) => {
    if (!row) return;
    const valid = await form.trigger();
    if (!valid) {
      toast.error("Not published", { description: "Fix the fields marked in red first." });
      return;
    }
    const parsed = postFormSchema.parse(form.getValues());
    setBusy(true);
    try {
      const saved = await updatePost(row.id, version.current ?? row.updated_at, {
        ...parsed,
        status,
        published_at: publishedAt,
      });
      version.current = saved.updated_at;
      rf.guard.allowNextNavigation();
      form.reset(form.getValues());
      invalidate(row.id, "moved");
      const what =
        status === "published"
          ? "Published"
          : status === "scheduled"
            ? "Scheduled"
            : row.status === "published"
              ? "Unpublished"
              : "Back to draft";
      await refreshSitemaps(what);
    } catch (e) {
      const d = describeDbError(e, { constraints: POST_CONSTRAINTS, fieldLabels: L });
      toast.error(d.title, { description: d.message });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!row) return;
    try {
      await deletePost(row.id);
      rf.guard.allowNextNavigation();
      form.reset(form.getValues());
      invalidate(row.id, "deleted");
      toast.success("Post deleted");
      if (row.status !== "draft") void refreshSitemaps("Post deleted");
      navigate(BACK.to);
    } catch (e) {
      const d = describeDbError(e);
      toast.error(d.title, { description: d.message });
    }
  };

  const content = (
    <Controller
      control={control}
      name="content"
      render={({ field, fieldState }) => (
        <Field
          label={L.content}
          error={fieldState.error?.message}
          description="Markdown: ## heading, **bold**, _italic_, [link](https://…), - list. HTML is shown as text, never run."
        >
          <MarkdownEditor
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            postId={row?.id ?? null}
          />
        </Field>
      )}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      {row && <AutosaveStatus state={autosave} reload={rf.reload} />}
      {others.length > 0 && (
        <Alert variant="warning" data-testid="editing-warning">
          <UsersIcon className="size-4" aria-hidden="true" />
          <span>
            {others.map((o) => memberName(o.user_id)).join(" and ")} {others.length === 1 ? "is" : "are"}{" "}
            editing this post too. If they save first, you will be asked to reload before your changes can be
            saved.
          </span>
        </Alert>
      )}
      <RecordForm
        state={rf}
        label={row ? "Post" : "New post"}
        submitLabel={row ? "Save changes" : "Create draft"}
        onCancel={() => navigate(BACK.to)}
        actions={
          row && (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button type="button" variant="ghost" className="mr-auto text-destructive">
                  <Trash2Icon aria-hidden="true" />
                  Delete post
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete “{row.title}”?</AlertDialogTitle>
                  <AlertDialogDescription>
                    The post and its address go for good
                    {row.status !== "draft"
                      ? ", and it leaves the public site, the feed and the sitemap"
                      : ""}
                    .
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it</AlertDialogCancel>
                  <AlertDialogAction onClick={() => void remove()}>Delete</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )
        }
      >
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-4">
            <Field label={L.title} error={err("title")} required>
              <Input {...register("title")} autoComplete="off" />
            </Field>
            <Field
              label={L.slug}
              error={err("slug")}
              description={`The address on the public site: /blog/${slug || "…"}. Empty = made from the title.${row ? " Changing it keeps the old address working (it redirects)." : ""}`}
            >
              <Input {...register("slug")} autoComplete="off" />
            </Field>
            <div
              role="group"
              aria-label="Write or preview"
              className="inline-flex w-fit rounded-md border p-0.5 lg:hidden"
            >
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-pressed={mobileView === "write"}
                onClick={() => setMobileView("write")}
              >
                <PencilLineIcon aria-hidden="true" /> Write
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-pressed={mobileView === "preview"}
                onClick={() => setMobileView("preview")}
              >
                <EyeIcon aria-hidden="true" /> Preview
              </Button>
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className={cn(mobileView === "preview" && "hidden lg:block")}>{content}</div>
              <section
                aria-label="Live preview"
                className={cn(
                  "min-w-0 rounded-lg border bg-white p-4 text-stone-900",
                  mobileView === "write" && "hidden lg:block",
                )}
              >
                <p className="mb-3 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  Live preview — as on the public page
                </p>
                <MarkdownPreview markdown={watch("content")} title={title} />
              </section>
            </div>
          </div>

          <aside className="flex flex-col gap-6">
            {row && (
              <PublishPanel
                row={row}
                busy={busy || rf.saving}
                onChange={(s, at) => void changeStatus(s, at)}
                publicUrl={publicPostUrl(row.slug)}
              />
            )}
            <Controller
              control={control}
              name="cover_image_url"
              render={({ field }) => (
                <CoverImageField
                  path={field.value}
                  onChange={(p) => field.onChange(p)}
                  cardTitle={share.title}
                  cardDescription={share.description}
                  host={new URL(url).host}
                  error={err("cover_image_url")}
                  altInput={
                    <Field
                      label={L.cover_image_alt}
                      error={err("cover_image_alt")}
                      description="What the picture shows, for people who cannot see it."
                    >
                      <Input {...register("cover_image_alt")} autoComplete="off" />
                    </Field>
                  }
                />
              )}
            />
            <Field
              label={L.excerpt}
              error={err("excerpt")}
              description="One or two sentences for the blog list, the feed and share cards."
            >
              <Textarea {...register("excerpt")} rows={3} />
            </Field>
            <Field
              label={L.tags}
              error={err("tags")}
              description="Separated by commas, e.g. land, diaspora, East Legon."
            >
              <Input {...register("tags")} autoComplete="off" />
            </Field>
            {tags.data && tags.data.length > 0 && (
              <div className="-mt-4 flex flex-wrap gap-1" aria-label="Tags in use">
                {tags.data.slice(0, 12).map((t) => (
                  <Button
                    key={t}
                    type="button"
                    variant="outline"
                    size="sm"
                    className="h-6 px-2 text-xs"
                    onClick={() => {
                      const current = form.getValues("tags");
                      const list = current
                        .split(",")
                        .map((x) => x.trim())
                        .filter(Boolean);
                      if (!list.includes(t))
                        form.setValue("tags", [...list, t].join(", "), { shouldDirty: true });
                    }}
                  >
                    + {t}
                  </Button>
                ))}
              </div>
            )}
            <Field label={L.author_name} error={err("author_name")}>
              <Input {...register("author_name")} autoComplete="name" />
            </Field>
            <SeoSection
              register={register}
              err={err}
              title={watch("seo_title")}
              description={watch("seo_description")}
              url={url}
              share={share}
            />
          </aside>
        </div>
      </RecordForm>
    </div>
  );
}
