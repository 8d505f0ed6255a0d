/**
 * What a file must be to be uploaded — types and a size limit — checked in the browser before
 * any byte is sent, with a message that names the limit ("photos can be at most 10 MB"). The
 * storage bucket enforces the same limits again (file_size_limit, allowed_mime_types).
 */

export interface FileRules {
  /** "Photos", "Documents": the subject of the messages. */
  what: string;
  maxBytes: number;
  /** MIME type → its name in messages ("image/jpeg" → "JPEG"). */
  types: Record<string, string>;
}

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** "10 MB", "512 KB" (binary units, as storage counts). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function orList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** Why the file is refused, or null. */
export function fileProblem(file: FileLike, rules: FileRules): string | null {
  if (!(file.type in rules.types)) {
    const names = [...new Set(Object.values(rules.types))];
    return `“${file.name}” is not a ${orList(names)} file: ${rules.what.toLowerCase()} must be ${orList(names)}.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > rules.maxBytes)
    return `“${file.name}” is ${formatBytes(file.size)}: ${rules.what.toLowerCase()} can be at most ${formatBytes(rules.maxBytes)}.`;
  return null;
}

/** The file name's extension for a stored object, from its type (never trusted from the name). */
export function extensionFor(type: string): string {
  const known: Record<string, string> = {
    "image/jpeg": "jpg",
    "image/png": "png",
    "image/webp": "webp",
    "image/avif": "avif",
    "application/pdf": "pdf",
  };
  return known[type] ?? "bin";
}
