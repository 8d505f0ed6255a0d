/**
 * The text drawn in a PDF the edge made with pdf-lib (worker/money/pdf-kit.ts): each content
 * stream inflated, each string shown with Tj decoded (pdf-lib writes the standard fonts' text as
 * hex strings), joined by newlines — enough to check which figures a PDF prints.
 */
import zlib from "node:zlib";

export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes);
  const runs: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream", at, "latin1");
    if (start < 0) break;
    let body = start + "stream".length;
    if (pdf[body] === 0x0d) body++;
    if (pdf[body] === 0x0a) body++;
    const end = pdf.indexOf("endstream", body, "latin1");
    if (end < 0) break;
    at = end + "endstream".length;
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(body, end)).toString("latin1");
    } catch {
      continue; // not a deflated stream (e.g. an image)
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      runs.push(
        m[1] !== undefined ? Buffer.from(m[1], "hex").toString("latin1") : m[2]!.replace(/\\(.)/g, "$1"),
      );
    }
  }
  return runs.join("\n");
}
