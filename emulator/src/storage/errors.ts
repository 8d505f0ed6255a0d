/**
 * Storage API errors as the real server renders them (supabase/storage `ERRORS` + error handler):
 * the body is `{ statusCode, code, error, message }` with `statusCode` a string, and the HTTP status
 * is 400 for every renderable error except 5xx ones (the server does not "respect" the status code
 * on its public routes), so supabase-js sees `error.status === 400` and `error.statusCode === "404"`.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class StorageErr extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** HTTP status to answer with when the server sets one explicitly (withStatusCode). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export const ERR = {
  noSuchBucket: () => new StorageErr(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageErr(404, "NoSuchKey", "not_found", "Object not found"),
  accessDenied: (message = "Access denied") => new StorageErr(403, "AccessDenied", "Unauthorized", message),
  rls: () =>
    new StorageErr(403, "AccessDenied", "Unauthorized", "new row violates row-level security policy"),
  alreadyExists: () =>
    new StorageErr(409, "ResourceAlreadyExists", "Duplicate", "The resource already exists"),
  keyAlreadyExists: () => new StorageErr(409, "KeyAlreadyExists", "Duplicate", "The resource already exists"),
  bucketNotEmpty: () =>
    new StorageErr(
      409,
      "ResourceNotEmpty",
      "ResourceNotEmpty",
      "The bucket you tried to delete is not empty",
    ),
  invalidBucketName: () => new StorageErr(400, "InvalidBucketName", "Invalid Input", "Bucket name invalid"),
  invalidKey: (key: string) => new StorageErr(400, "InvalidKey", "InvalidKey", `Invalid key: ${key}`),
  invalidMimeType: (mime: string) =>
    new StorageErr(415, "InvalidMimeType", "invalid_mime_type", `mime type ${mime} is not supported`),
  entityTooLarge: (entity = "object", limit = "the maximum allowed size") =>
    new StorageErr(413, "EntityTooLarge", "Payload too large", `The ${entity} exceeded ${limit}`),
  invalidFileSizeLimit: () =>
    new StorageErr(
      400,
      "InvalidRequest",
      "InvalidRequest",
      "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    ),
  noContent: (message = "No content provided") =>
    new StorageErr(400, "InvalidRequest", "InvalidRequest", message),
  invalidRequest: (message: string) => new StorageErr(400, "InvalidRequest", "InvalidRequest", message),
  /** What fastify's schema validation answers (status 400, error = "Bad Request"). */
  validation: (message: string) => new StorageErr(400, "InvalidRequest", "Bad Request", message),
  invalidJwt: (message = "Invalid JWT") => new StorageErr(400, "InvalidJWT", "InvalidJWT", message),
  invalidSignature: (message = "Invalid signature") =>
    new StorageErr(400, "InvalidSignature", "InvalidSignature", message),
  expiredSignature: () =>
    new StorageErr(400, "ExpiredToken", "ExpiredToken", "The provided token has expired."),
  notFoundRoute: (method: string, path: string) =>
    new StorageErr(404, "InvalidRequest", "Not Found", `Route ${method}:${path} not found`, 404),
  internal: () => new StorageErr(500, "InternalError", "Internal", "Internal Server Error", 500),
};

export function renderStorageError(c: Context, e: StorageErr) {
  const http = e.httpStatus ?? (e.statusCode >= 500 ? 500 : 400);
  return c.json(
    { statusCode: String(e.statusCode), code: e.code, error: e.error, message: e.message },
    http as ContentfulStatusCode,
  );
}

/** Maps a Postgres error (SQLSTATE) the way the Storage API's DBError.fromDBError does. */
export function fromDbError(e: unknown): StorageErr | null {
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  switch (code) {
    case "42501":
      return message.includes("row-level security") ? ERR.rls() : ERR.accessDenied(message);
    case "23505":
      return ERR.alreadyExists();
    case "23503":
      return message.includes("still referenced")
        ? new StorageErr(
            409,
            "ResourceReferenced",
            "ResourceReferenced",
            "The resource could not be updated or removed due to a foreign key constraint",
          )
        : new StorageErr(404, "InvalidRequest", "InvalidRequest", "The related resource does not exist");
    case "22P02":
      return new StorageErr(
        400,
        "InvalidParameter",
        "InvalidParameter",
        message || "Invalid value format or type conversion failed",
      );
    case "23514":
    case "22001":
    case "22023":
      return ERR.invalidRequest(message);
    default:
      return null;
  }
}
