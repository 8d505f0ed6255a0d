/** Offers a text, bytes or a blob as a file download (the browser's save, no new tab). */
export function downloadText(text: BlobPart, fileName: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
