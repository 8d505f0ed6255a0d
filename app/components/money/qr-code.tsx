/**
 * A QR code as SVG (the E-VAT QR on printed invoices). The encoder (qrcode, ~10 KB gzip) loads
 * when a document with a QR payload is shown, never with the page.
 */
import { useEffect, useState } from "react";

export function QrCode({ value, size = 112, label }: { value: string; size?: number; label: string }) {
  const [path, setPath] = useState<{ d: string; n: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import("#core/invoices-receipts/qr-matrix.ts").then(({ qrMatrix, qrSvgPath }) => {
      const m = qrMatrix(value);
      if (live) setPath({ d: qrSvgPath(m), n: m.size });
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!path)
    return (
      <div
        style={{ width: size, height: size }}
        className="animate-pulse rounded bg-muted"
        aria-hidden="true"
      />
    );
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`-4 -4 ${path.n + 8} ${path.n + 8}`}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <path d={path.d} fill="#111" />
    </svg>
  );
}
