/**
 * Photos taken on a phone (4–12 MB, 4000+ px) are scaled down in the browser before upload, so an
 * inspection's photos go up in seconds on a mobile connection and stay under the bucket's limit.
 * Orientation comes from the file's EXIF (createImageBitmap's default). A file that cannot be
 * decoded, or is small already, is uploaded as it is.
 */

export interface ResizeOptions {
  /** Longest edge in pixels after resizing. */
  maxEdge: number;
  /** Files at most this big and no larger than maxEdge are left alone. */
  aboveBytes: number;
  /** JPEG quality 0–1. */
  quality?: number;
}

export interface ResizedImage {
  file: File;
  width: number | null;
  height: number | null;
  resized: boolean;
}

/** The scaled size that fits `maxEdge` (never enlarged). */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function resizeImage(
  file: File,
  { maxEdge, aboveBytes, quality = 0.85 }: ResizeOptions,
): Promise<ResizedImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { file, width: null, height: null, resized: false };
  }
  try {
    const { width, height } = bitmap;
    if (file.size <= aboveBytes && Math.max(width, height) <= maxEdge)
      return { file, width, height, resized: false };
    const size = fitWithin(width, height, maxEdge);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return { file, width, height, resized: false };
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (!blob || blob.size >= file.size) return { file, width, height, resized: false };
    const name = file.name.replace(/\.[^.]+$/, "") + ".jpg";
    return {
      file: new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified }),
      width: size.width,
      height: size.height,
      resized: true,
    };
  } finally {
    bitmap.close();
  }
}
