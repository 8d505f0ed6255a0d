/**
 * The E-VAT QR code: the GRA's QR payload as a square of dark/light modules, drawn as
 * rectangles by the PDF (worker/money/) and as SVG by the print layout (app). qrcode's encoder
 * only — no canvas or PNG — so it runs in the worker, Node and the browser alike.
 */
import { create } from "qrcode";

export interface QrMatrix {
  size: number;
  /** dark(row, col) */
  dark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const qr = create(text, { errorCorrectionLevel: "M" });
  const { size } = qr.modules;
  return { size, dark: (row, col) => qr.modules.get(row, col) === 1 };
}

/** An SVG path of the dark modules (one unit per module), for a `viewBox="0 0 size size"`. */
export function qrSvgPath(m: QrMatrix): string {
  let d = "";
  for (let r = 0; r < m.size; r++)
    for (let c = 0; c < m.size; c++) if (m.dark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  return d;
}
