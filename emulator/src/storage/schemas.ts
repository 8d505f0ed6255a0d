/** Request bodies of the Storage API as supabase-js sends them (shapes from the server's JSON schemas). */
import { z } from "zod";

const fileSizeLimit = z.union([z.number().int().nonnegative(), z.string(), z.null()]);
const mimeTypes = z.array(z.string()).nullable();

export const createBucketBody = z.object({
  id: z.string().optional(),
  name: z.string(),
  public: z.boolean().optional(),
  type: z.enum(["STANDARD", "ANALYTICS"]).optional(),
  file_size_limit: fileSizeLimit.optional(),
  allowed_mime_types: mimeTypes.optional(),
});

export const updateBucketBody = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    public: z.boolean().optional(),
    file_size_limit: fileSizeLimit.optional(),
    allowed_mime_types: mimeTypes.optional(),
  })
  .refine(
    (b) => b.public !== undefined || b.file_size_limit !== undefined || b.allowed_mime_types !== undefined,
    {
      message: "must have required property 'public'",
    },
  );

export const listBody = z.object({
  prefix: z.string(),
  limit: z.number().int().min(1).optional(),
  offset: z.number().int().min(0).optional(),
  search: z.string().optional(),
  sortBy: z
    .object({
      column: z.enum(["name", "updated_at", "created_at", "last_accessed_at"]),
      order: z.enum(["asc", "desc"]).optional(),
    })
    .optional(),
});

export const listV2Body = z.object({
  prefix: z.string().optional(),
  limit: z.number().int().min(1).optional(),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z
    .object({
      column: z.enum(["name", "updated_at", "created_at"]),
      order: z.enum(["asc", "desc"]).optional(),
    })
    .optional(),
});

export const signBody = z.object({
  expiresIn: z.number().int().min(1),
  transform: z.record(z.string(), z.unknown()).optional(),
});

export const signManyBody = z.object({
  expiresIn: z.number().int().min(1),
  paths: z.array(z.string()).min(1),
});

export const moveCopyBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).optional(),
});

export const deleteManyBody = z.object({
  prefixes: z.array(z.string()).min(1),
});

export const listBucketsQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().optional(),
  sortColumn: z.enum(["id", "name", "created_at", "updated_at"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
});

/** Formats the first issue the way fastify/ajv words schema errors ("body/limit must be >= 1"). */
export function describeIssue(where: "body" | "querystring", error: z.ZodError, input?: unknown): string {
  const issue = error.issues[0];
  if (!issue) return `${where} is invalid`;
  const at = issue.path.length ? `${where}/${issue.path.join("/")}` : where;
  let cur: unknown = input;
  for (const k of issue.path)
    cur =
      cur && typeof cur === "object" ? (cur as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined;
  if (issue.code === "invalid_type" && cur === undefined && issue.path.length) {
    const prop = issue.path[issue.path.length - 1];
    const parent = issue.path.length > 1 ? `${where}/${issue.path.slice(0, -1).join("/")}` : where;
    return `${parent} must have required property '${String(prop)}'`;
  }
  switch (issue.code) {
    case "invalid_type":
      return `${at} must be ${issue.expected === "int" ? "integer" : issue.expected}`;
    case "too_small":
      return issue.origin === "array"
        ? `${at} must NOT have fewer than ${String(issue.minimum)} items`
        : `${at} must be >= ${String(issue.minimum)}`;
    case "too_big":
      return issue.origin === "array"
        ? `${at} must NOT have more than ${String(issue.maximum)} items`
        : `${at} must be <= ${String(issue.maximum)}`;
    case "invalid_value":
      return `${at} must be equal to one of the allowed values`;
    default:
      return `${at} ${issue.message}`;
  }
}
