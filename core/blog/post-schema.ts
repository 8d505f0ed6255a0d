/**
 * A blog post as the back-office reads and writes it (zod): the row schema every admin query
 * parses through, and the editor's form schema — what a person types in (tags as one line, ""
 * for "none"), the columns to save out — with a message per field and the lengths the search
 * engines and share cards show (the counters of the SEO fields). The database's check
 * constraints say the same again; POST_CONSTRAINTS maps their names to fields.
 */
import { z } from "zod";
import { BLOG_STATUSES, SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN, slugify } from "../content-model.ts";
import type { ConstraintHint } from "../records/db-errors.ts";

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export const postRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
  cover_image_url: z.string().nullable(),
  cover_image_alt: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(BLOG_STATUSES),
  published_at: z.string().nullable(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PostRow = z.output<typeof postRowSchema>;
export const POST_ROW_COLUMNS = Object.keys(postRowSchema.shape).join(", ");

/** The posts table's rows (everything but the text). */
export const postListRowSchema = postRowSchema.omit({ content: true });
export type PostListRow = z.output<typeof postListRowSchema>;
export const POST_LIST_COLUMNS = Object.keys(postListRowSchema.shape).join(", ");

// ── Limits ───────────────────────────────────────────────────────────────────────────────────

export const POST_LIMITS = {
  title: 200,
  excerpt: 500,
  content: 200_000,
  coverAlt: 300,
  byline: 120,
  /** The columns' limits (what the database takes). */
  seoTitle: 70,
  seoDescription: 200,
  tags: 10,
  tag: 40,
} as const;

/**
 * What search results show before cutting off (Google: about 600 px of title ≈ 60 characters,
 * about 155–160 characters of description): the counters turn amber past these.
 */
export const SEO_RECOMMENDED = { title: 60, description: 155 } as const;

export const POST_FIELD_LABELS = {
  title: "Title",
  slug: "Web address (slug)",
  excerpt: "Excerpt",
  content: "Post text",
  cover_image_url: "Cover image",
  cover_image_alt: "Cover image description (alt text)",
  tags: "Tags",
  author_name: "Byline",
  seo_title: "Search title",
  seo_description: "Search description",
  status: "Status",
  published_at: "Publication time",
} as const;
const L = POST_FIELD_LABELS;

/** "Buying, Land , diaspora" → ["buying", "land", "diaspora"]: trimmed, lower-case, unique. */
export function parseTags(line: string): string[] {
  const seen = new Set<string>();
  for (const raw of line.split(",")) {
    const t = raw.trim().toLowerCase().replace(/\s+/g, " ");
    if (t) seen.add(t);
  }
  return [...seen];
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is limited to ${max} characters`)
    .transform((s) => s || null);

// ── Form ─────────────────────────────────────────────────────────────────────────────────────

const fields = z.object({
  title: z
    .string()
    .trim()
    .min(3, "Give the post a title of at least 3 characters")
    .max(POST_LIMITS.title, `Title is limited to ${POST_LIMITS.title} characters`),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX_LENGTH, `The web address is limited to ${SLUG_MAX_LENGTH} characters`)
    .refine((s) => s === "" || SLUG_PATTERN.test(s), SLUG_MESSAGE),
  excerpt: optionalText(POST_LIMITS.excerpt, L.excerpt),
  content: z
    .string()
    .max(
      POST_LIMITS.content,
      `The text is limited to ${POST_LIMITS.content.toLocaleString("en")} characters`,
    ),
  cover_image_url: z
    .string()
    .trim()
    .max(2048)
    .transform((s) => s || null),
  cover_image_alt: optionalText(POST_LIMITS.coverAlt, "The description"),
  tags: z
    .string()
    .transform(parseTags)
    .refine((t) => t.length <= POST_LIMITS.tags, `At most ${POST_LIMITS.tags} tags`)
    .refine(
      (t) => t.every((x) => x.length <= POST_LIMITS.tag),
      `Keep each tag under ${POST_LIMITS.tag} characters`,
    ),
  author_name: optionalText(POST_LIMITS.byline, L.author_name),
  seo_title: optionalText(POST_LIMITS.seoTitle, L.seo_title),
  seo_description: optionalText(POST_LIMITS.seoDescription, L.seo_description),
});

/** The editor's form: input as typed, output the columns to save (status has its own controls). */
export const postFormSchema = fields
  .superRefine((v, ctx) => {
    // A cover is shared on WhatsApp and read aloud to blind readers: it needs its description.
    if (v.cover_image_url && !v.cover_image_alt)
      ctx.addIssue({
        code: "custom",
        path: ["cover_image_alt"],
        message: "Describe the cover image for people who cannot see it",
      });
  })
  .transform((v) => ({ ...v, slug: v.slug || slugify(v.title) }));
export type PostFormInput = z.input<typeof postFormSchema>;
export type PostFormOutput = z.output<typeof postFormSchema>;

/** The form's values for a post as loaded (or a blank post with the writer's byline). */
export function postFormValues(row: PostRow | null, byline = ""): PostFormInput {
  return {
    title: row?.title ?? "",
    slug: row?.slug ?? "",
    excerpt: row?.excerpt ?? "",
    content: row?.content ?? "",
    cover_image_url: row?.cover_image_url ?? "",
    cover_image_alt: row?.cover_image_alt ?? "",
    tags: row?.tags.join(", ") ?? "",
    author_name: row?.author_name ?? byline,
    seo_title: row?.seo_title ?? "",
    seo_description: row?.seo_description ?? "",
  };
}

export const POST_CONSTRAINTS: Record<string, ConstraintHint> = {
  blog_posts_slug_key: {
    field: "slug",
    message: "Another post already uses this web address: choose another.",
  },
  blog_posts_scheduled_needs_time: { field: "published_at", message: "Choose when the post goes live" },
};

/** How full a counted field is: ok, over the recommendation (cut off in results), or over the limit. */
export type CounterState = "ok" | "long" | "over";
export function counterState(length: number, recommended: number, max: number): CounterState {
  if (length > max) return "over";
  return length > recommended ? "long" : "ok";
}
