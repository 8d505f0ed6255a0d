/**
 * A small page-layout helper over pdf-lib for the money documents (A4, Helvetica): text that
 * wraps, right-aligned figures, rules, a QR code from modules, and a new page when the current
 * one is full. The standard fonts speak WinAnsi only, so text is mapped to it first.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { QrMatrix } from "#core/invoices-receipts/qr-matrix.ts";

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const INK = rgb(0.11, 0.1, 0.09);
export const MUTED = rgb(0.34, 0.33, 0.31);
export const ACCENT = rgb(0.02, 0.37, 0.27);
export const RULE = rgb(0.84, 0.83, 0.81);

// cp1252's printable set beyond Latin-1 (what Helvetica can show).
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const REPLACEMENTS: Record<string, string> = {
  "−": "-",
  "→": "->",
  "≤": "<=",
  "≥": ">=",
  "₵": "GHS ",
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
};

/** Text Helvetica can draw: known look-alikes replaced, anything else as "?". */
export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch))
      out += ch;
    else if (ch === "\t") out += " ";
    else if (ch === "\n")
      out += "\n"; // kept for wrap(), which splits lines on it
    else out += "?";
  }
  return out;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

export class PdfWriter {
  page!: PDFPage;
  /** The baseline of the next line, from the bottom of the page. */
  y = 0;
  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {}

  static async create(title: string, footer: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(winAnsi(title));
    doc.setAuthor("Ghana Realty Ltd");
    doc.setCreator("Ghana Realty back-office");
    doc.setProducer("pdf-lib");
    const w = new PdfWriter(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
      footer,
    );
    w.newPage();
    return w;
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    const pageNo = this.doc.getPageCount();
    this.page.drawText(winAnsi(`${this.footer} · page ${pageNo}`), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 7.5,
      font: this.regular,
      color: MUTED,
    });
  }

  /** Room for `height` more points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(winAnsi(text), style.size ?? 9.5);
  }

  /** Lines of `text` no wider than `maxWidth` (words kept whole where they fit). */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const para of winAnsi(text).split(/\r?\n/)) {
      let line = "";
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (this.width(next, style) <= maxWidth) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        // A word longer than the column is cut.
        let rest = word;
        while (this.width(rest, style) > maxWidth && rest.length > 1) {
          let n = rest.length - 1;
          while (n > 1 && this.width(rest.slice(0, n), style) > maxWidth) n--;
          lines.push(rest.slice(0, n));
          rest = rest.slice(n);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws text at (x, y) — right-aligned at x when `align` is "right". */
  at(text: string, x: number, y: number, style: TextStyle = {}, align: "left" | "right" = "left"): void {
    const t = winAnsi(text);
    const size = style.size ?? 9.5;
    const dx = align === "right" ? this.font(style).widthOfTextAtSize(t, size) : 0;
    this.page.drawText(t, { x: x - dx, y, size, font: this.font(style), color: style.color ?? INK });
  }

  /** A wrapped paragraph from the current line down; returns its height. */
  paragraph(text: string, x: number, maxWidth: number, style: TextStyle = {}, lineGap = 1.35): number {
    const size = style.size ?? 9.5;
    const lines = this.wrap(text, maxWidth, style);
    for (const line of lines) {
      this.ensure(size * lineGap);
      this.at(line, x, this.y - size, style);
      this.y -= size * lineGap;
    }
    return lines.length * size * lineGap;
  }

  rule(y = this.y, x1 = MARGIN, x2 = A4.width - MARGIN, thickness = 0.6): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color: RULE });
  }

  /** A QR code `size` points wide with its top-left corner at (x, top). */
  qr(matrix: QrMatrix, x: number, top: number, size: number): void {
    const cell = size / (matrix.size + 8); // 4 modules of quiet zone each side
    this.page.drawRectangle({ x, y: top - size, width: size, height: size, color: rgb(1, 1, 1) });
    for (let r = 0; r < matrix.size; r++)
      for (let c = 0; c < matrix.size; c++)
        if (matrix.dark(r, c))
          this.page.drawRectangle({
            x: x + (c + 4) * cell,
            y: top - (r + 5) * cell,
            width: cell,
            height: cell,
            color: INK,
          });
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true });
  }
}

/** dd/mm/yyyy from an ISO date or timestamp (Africa/Accra is UTC+0). */
export function ghDate(value: string): string {
  const d = value.slice(0, 10);
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
}
