/**
 * Draws the installed app's icons from public/favicon.svg (the one source of the mark): PNGs of
 * 192 and 512 px for the web app manifest and the home screen, and a 512 px maskable one — the
 * mark on a full-bleed square, since the phone cuts its own shape (circle, squircle) out of it and
 * the rounded corners would show as notches. The house sits within the maskable safe zone (the
 * centred circle of 80 % of the width) as drawn. Re-run after changing the favicon and commit
 * the output (public/icons/):
 *
 *   npx tsx scripts/generate-icons.ts
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "public/icons");

export const ICONS = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
] as const;

/** The favicon drawn edge to edge: its rounded background square made square. */
export function fullBleed(svg: string): string {
  const squared = svg.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, "$1");
  if (squared === svg) throw new Error("favicon.svg: no rounded background <rect rx=…> to square");
  return squared;
}

export const readFavicon = () => readFile(join(root, "public/favicon.svg"), "utf8");

/** One icon as PNG, drawn from the favicon's source at its size (never scaled up from 32 px). */
export function renderIcon(svg: string, icon: (typeof ICONS)[number]): Promise<Buffer> {
  const source = Buffer.from(icon.maskable ? fullBleed(svg) : svg);
  // The density scales the 32-unit viewBox to the target size.
  return sharp(source, { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  const svg = await readFavicon();
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    const png = await renderIcon(svg, icon);
    await writeFile(join(outDir, icon.file), png);
    console.log(`public/icons/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
