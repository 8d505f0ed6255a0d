/**
 * Uploads a file to Supabase Storage with progress. supabase-js's `upload` reports no progress,
 * so this sends the same request it would (POST /storage/v1/object/<bucket>/<path>, the user's
 * token, the file's type) through XMLHttpRequest, whose upload events say how far it got. Errors
 * come back shaped like storage-js's (statusCode, error, message), which core's describeDbError reads.
 */
import { siteConfig } from "./site-config.ts";
import { supabase } from "./supabase.ts";

export interface UploadProgress {
  loaded: number;
  total: number;
}

export class StorageUploadError extends Error {
  constructor(
    message: string,
    readonly statusCode: string,
    readonly error: string,
  ) {
    super(message);
    this.name = "StorageUploadError";
  }
}

export async function uploadWithProgress({
  bucket,
  path,
  file,
  onProgress,
  signal,
}: {
  bucket: string;
  path: string;
  file: Blob;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token)
    throw new StorageUploadError(
      "Your session has expired. Sign in again, then retry.",
      "401",
      "Unauthorized",
    );
  const url = `${siteConfig.supabaseUrl.replace(/\/+$/, "")}/storage/v1/object/${encodeURIComponent(bucket)}/${path.split("/").map(encodeURIComponent).join("/")}`;

  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("apikey", siteConfig.supabasePublishableKey);
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.setRequestHeader("cache-control", "max-age=3600");
    xhr.setRequestHeader("x-upsert", "false");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size });
        resolve();
        return;
      }
      let body: { statusCode?: string; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not JSON (a gateway page): the status says enough.
      }
      reject(
        new StorageUploadError(
          body.message ?? `Upload failed (${xhr.status})`,
          body.statusCode ?? String(xhr.status),
          body.error ?? "Error",
        ),
      );
    };
    // A TypeError-like message, so it reads as "cannot reach the server".
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
