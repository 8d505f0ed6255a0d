/**
 * Draws the demo listing photos locally (no network): distinct SVG illustrations per listing
 * (house, apartment, townhouse, land, office, shop, warehouse; three times of day), written to
 * supabase/storage/property-images/<slug>/<n>.svg, plus a 1200×630 JPEG of the first one
 * (<slug>/1.jpg) for og:image — social crawlers want a raster. Blog covers go to blog/<slug>.jpg.
 * The storage emulator seeds the bucket from that folder (supabase/config.toml
 * [storage.buckets.property-images]).
 *
 *   npx tsx scripts/generate-property-images.ts
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { PropertyType } from "#core/schemas/content.ts";
import { LISTINGS } from "./content/listings.ts";
import { POSTS } from "./content/posts.ts";

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;
export const IMAGES_PER_LISTING = 3;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "supabase/storage/property-images");

/** Deterministic PRNG (mulberry32) seeded from a string, so re-runs give identical files. */
function rng(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKIES = [
  { top: "#7cc4ec", bottom: "#e4f5ff", sun: "#fff6c4", sunY: 120 }, // day
  { top: "#f08a4b", bottom: "#ffe2b0", sun: "#fff1c9", sunY: 330 }, // golden hour
  { top: "#2e2a6b", bottom: "#f2a65a", sun: "#ffd58a", sunY: 420 }, // dusk
] as const;
const WALLS = ["#f4efe6", "#f1d9b5", "#e8c39e", "#dfe7ec", "#f6e7d8", "#d9cbb6", "#e9e2d0"];
const ROOFS = ["#8c3b2e", "#5a4a42", "#2f4858", "#a4552c", "#6b705c", "#3d405b"];
const ACCENTS = ["#2a9d8f", "#e76f51", "#264653", "#b5838d", "#457b9d", "#6d597a"];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const n = (v: number) => Math.round(v * 10) / 10;

function windows(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gapX: number,
  gapY: number,
  lit: boolean,
  r: () => number,
): string {
  let s = "";
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) {
      const on = lit && r() > 0.45;
      s += `<rect x="${n(x + col * (w + gapX))}" y="${n(y + row * (h + gapY))}" width="${w}" height="${h}" rx="2" fill="${on ? "#ffd97a" : "#9fc3d6"}" stroke="#4a4e57" stroke-width="2"/>`;
    }
  return s;
}

function palm(x: number, ground: number, height: number): string {
  const top = ground - height;
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      const ex = x + Math.sin(rad) * 75;
      const ey = top + Math.cos(rad) * -10 + 38;
      return `<path d="M${x} ${top} Q${n((x + ex) / 2)} ${n(top - 40)} ${n(ex)} ${n(ey)}" stroke="#2d6a4f" stroke-width="10" fill="none" stroke-linecap="round"/>`;
    })
    .join("");
  return `<path d="M${x - 6} ${ground} Q${x + 14} ${n(ground - height / 2)} ${x} ${top}" stroke="#7f5539" stroke-width="12" fill="none"/>${leaves}`;
}

function bush(x: number, ground: number, r: () => number): string {
  const s = 26 + r() * 22;
  return `<ellipse cx="${n(x)}" cy="${ground - s / 3}" rx="${n(s * 1.4)}" ry="${n(s)}" fill="#40916c"/>`;
}

function building(type: PropertyType, cx: number, ground: number, r: () => number, lit: boolean): string {
  const wall = pick(r, WALLS);
  const roof = pick(r, ROOFS);
  const accent = pick(r, ACCENTS);
  switch (type) {
    case "house": {
      const w = 420 + r() * 120,
        h = 170 + r() * 40,
        x = cx - w / 2;
      const storeys = r() > 0.4 ? 2 : 1;
      const hh = storeys === 2 ? h + 110 : h,
        yy = ground - hh;
      return `<rect x="${n(x)}" y="${n(yy)}" width="${n(w)}" height="${n(hh)}" fill="${wall}" stroke="#5c5c5c" stroke-width="3"/>
<polygon points="${n(x - 30)},${n(yy)} ${n(cx)},${n(yy - 120 - r() * 40)} ${n(x + w + 30)},${n(yy)}" fill="${roof}"/>
${windows(x + 40, yy + 40, 4, storeys, 56, 64, (w - 80 - 4 * 56) / 3, 46, lit, r)}
<rect x="${n(cx - 34)}" y="${n(ground - 110)}" width="68" height="110" fill="${accent}" stroke="#3b3b3b" stroke-width="3"/>
<rect x="${n(x - 120)}" y="${n(ground - 70)}" width="${n(w + 240)}" height="70" fill="none" stroke="#cbbfa8" stroke-width="0"/>
<rect x="${n(x - 140)}" y="${n(ground - 60)}" width="100" height="60" fill="#d8cbb3" stroke="#9c8f78" stroke-width="3"/>
<rect x="${n(x + w + 40)}" y="${n(ground - 60)}" width="100" height="60" fill="#d8cbb3" stroke="#9c8f78" stroke-width="3"/>`;
    }
    case "apartment": {
      const floors = 5 + Math.floor(r() * 4),
        fh = 52,
        w = 300 + r() * 80,
        h = floors * fh + 30,
        x = cx - w / 2,
        y = ground - h;
      let balconies = "";
      for (let f = 1; f < floors; f++)
        balconies += `<rect x="${n(x - 12)}" y="${n(y + 30 + f * fh - 6)}" width="${n(w + 24)}" height="6" fill="${accent}"/>`;
      return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${wall}" stroke="#5c5c5c" stroke-width="3"/>
<rect x="${n(x - 10)}" y="${n(y - 14)}" width="${n(w + 20)}" height="14" fill="${roof}"/>
${windows(x + 26, y + 36, 4, floors, (w - 26 * 2 - 3 * 22) / 4, 30, 22, fh - 30, lit, r)}${balconies}
<rect x="${n(cx - 30)}" y="${n(ground - 60)}" width="60" height="60" fill="#3d5a80"/>`;
    }
    case "townhouse": {
      const units = 3,
        uw = 170 + r() * 20,
        h = 250,
        x0 = cx - (units * uw) / 2;
      let s = "";
      for (let u = 0; u < units; u++) {
        const x = x0 + u * uw,
          fill = u % 2 ? wall : pick(r, WALLS);
        s += `<rect x="${n(x)}" y="${ground - h}" width="${n(uw)}" height="${h}" fill="${fill}" stroke="#5c5c5c" stroke-width="3"/>
<polygon points="${n(x - 6)},${ground - h} ${n(x + uw / 2)},${ground - h - 80} ${n(x + uw + 6)},${ground - h}" fill="${roof}"/>
${windows(x + 28, ground - h + 36, 2, 2, 46, 54, uw - 56 - 92, 40, lit, r)}
<rect x="${n(x + uw / 2 - 22)}" y="${ground - 80}" width="44" height="80" fill="${accent}"/>`;
      }
      return s;
    }
    case "land": {
      let posts = "";
      const x0 = cx - 380,
        x1 = cx + 380,
        yb = ground + 60,
        yt = ground - 10;
      for (let i = 0; i <= 12; i++) {
        const x = x0 + ((x1 - x0) * i) / 12;
        posts += `<rect x="${n(x - 4)}" y="${n(yt - 40)}" width="8" height="40" fill="#8d6e63"/>`;
      }
      return `<polygon points="${x0},${yt} ${x1},${yt} ${x1 + 80},${yb} ${x0 - 80},${yb}" fill="#c7773f" opacity="0.85"/>
${posts}<line x1="${x0}" y1="${yt - 28}" x2="${x1}" y2="${yt - 28}" stroke="#6d4c41" stroke-width="3"/>
<rect x="${n(cx + 120)}" y="${ground - 150}" width="10" height="140" fill="#5d4037"/>
<rect x="${n(cx + 60)}" y="${ground - 190}" width="130" height="70" rx="6" fill="#ffffff" stroke="${accent}" stroke-width="6"/>
<rect x="${n(cx + 78)}" y="${ground - 170}" width="94" height="10" fill="${accent}"/><rect x="${n(cx + 78)}" y="${ground - 152}" width="64" height="8" fill="#9e9e9e"/>
<circle cx="${n(cx - 260)}" cy="${ground - 10}" r="14" fill="#eeeeee" stroke="#555" stroke-width="3"/><circle cx="${n(cx + 300)}" cy="${ground + 40}" r="14" fill="#eeeeee" stroke="#555" stroke-width="3"/>`;
    }
    case "office": {
      const w = 260 + r() * 60,
        floors = 9 + Math.floor(r() * 3),
        fh = 40,
        h = floors * fh,
        x = cx - w / 2,
        y = ground - h;
      let bands = "";
      for (let f = 0; f < floors; f++)
        bands += `<rect x="${n(x + 8)}" y="${n(y + f * fh + 8)}" width="${n(w - 16)}" height="${fh - 14}" fill="${lit && r() > 0.5 ? "#ffe08a" : "#8ecae6"}" opacity="0.9"/>`;
      return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#264653"/>${bands}
<rect x="${n(x + w * 0.5 - 2)}" y="${n(y)}" width="4" height="${n(h)}" fill="#1b3440"/>
<rect x="${n(x + w + 10)}" y="${n(ground - 140)}" width="160" height="140" fill="${wall}" stroke="#5c5c5c" stroke-width="3"/>
${windows(x + w + 26, ground - 120, 2, 2, 54, 40, 20, 18, lit, r)}`;
    }
    case "shop": {
      const w = 520,
        h = 230,
        x = cx - w / 2,
        y = ground - h;
      let stripes = "";
      for (let i = 0; i < 10; i++)
        stripes += `<rect x="${n(x - 10 + i * 54)}" y="${n(y + 70)}" width="27" height="44" fill="${accent}"/>`;
      return `<rect x="${n(x)}" y="${n(y)}" width="${w}" height="${h}" fill="${wall}" stroke="#5c5c5c" stroke-width="3"/>
<rect x="${n(x - 10)}" y="${n(y + 70)}" width="${w + 20}" height="44" fill="#ffffff"/>${stripes}
<rect x="${n(x + 20)}" y="${n(y + 14)}" width="${w - 40}" height="44" rx="6" fill="${roof}"/>
<rect x="${n(x + 30)}" y="${n(y + 126)}" width="300" height="104" fill="#a8dadc" stroke="#3b3b3b" stroke-width="3"/>
<rect x="${n(x + 360)}" y="${n(y + 126)}" width="120" height="104" fill="#457b9d" stroke="#3b3b3b" stroke-width="3"/>`;
    }
    case "warehouse": {
      const w = 720,
        h = 220,
        x = cx - w / 2,
        y = ground - h;
      let ribs = "";
      for (let i = 0; i <= 24; i++)
        ribs += `<line x1="${n(x + (w * i) / 24)}" y1="${n(y)}" x2="${n(x + (w * i) / 24)}" y2="${ground}" stroke="#9aa5ad" stroke-width="2"/>`;
      let docks = "";
      for (let d = 0; d < 3; d++)
        docks += `<rect x="${n(x + 80 + d * 200)}" y="${ground - 130}" width="130" height="130" fill="#6c757d" stroke="#343a40" stroke-width="3"/>`;
      return `<rect x="${n(x)}" y="${n(y)}" width="${w}" height="${h}" fill="#ced4da"/>${ribs}
<polygon points="${n(x - 20)},${n(y)} ${n(cx)},${n(y - 70)} ${n(x + w + 20)},${n(y)}" fill="${roof}"/>${docks}
<rect x="${n(x + w - 60)}" y="${n(y + 30)}" width="40" height="24" fill="${accent}"/>`;
    }
  }
}

/** One illustration: sky by variant, ground, the building, palms and bushes. */
export function drawListingSvg(slug: string, type: PropertyType, variant: number): string {
  const r = rng(`${slug}#${variant}`);
  const sky = SKIES[variant % SKIES.length]!;
  const lit = variant === 2;
  const ground = 520 + Math.floor(r() * 30);
  const cx = 560 + (r() - 0.5) * 160;
  const sunX = 150 + r() * 900;
  const groundFill = type === "land" ? "#8fb36a" : pick(r, ["#74a57f", "#6a994e", "#80b918"]);
  const hills = `<path d="M0 ${ground - 60} Q300 ${ground - 150} 600 ${ground - 70} T1200 ${ground - 90} V${ground} H0Z" fill="#52796f" opacity="0.45"/>`;
  const road =
    type === "land"
      ? ""
      : `<rect x="0" y="${ground + 40}" width="1200" height="40" fill="#6c757d"/><rect x="0" y="${ground + 58}" width="1200" height="4" fill="#f1faee" stroke-dasharray="30 20"/>`;
  const palms = [
    palm(cx - 380 - r() * 60, ground + 8, 220 + r() * 60),
    palm(cx + 390 + r() * 60, ground + 8, 200 + r() * 70),
  ].join("");
  const bushes = [
    bush(cx - 250, ground + 6, r),
    bush(cx + 260, ground + 6, r),
    bush(120 + r() * 60, ground + 6, r),
  ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" role="img">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#sky)"/>
<circle cx="${n(sunX)}" cy="${sky.sunY}" r="56" fill="${sky.sun}" opacity="0.9"/>
${hills}<rect x="0" y="${ground}" width="1200" height="${630 - ground}" fill="${groundFill}"/>${road}
${building(type, cx, ground, r, lit)}
${palms}${bushes}
</svg>
`;
}

/** A blog cover: abstract city skyline in the post's palette. */
export function drawBlogCoverSvg(slug: string): string {
  const r = rng(slug);
  const sky = SKIES[Math.floor(r() * SKIES.length)]!;
  let blocks = "";
  for (let x = 0; x < 1200; ) {
    const w = 60 + r() * 110,
      h = 120 + r() * 300;
    blocks += `<rect x="${n(x)}" y="${n(560 - h)}" width="${n(w)}" height="${n(h)}" fill="${pick(r, ["#264653", "#2a9d8f", "#3d405b", "#6d597a", "#1d3557"])}" opacity="${n(0.7 + r() * 0.3)}"/>`;
    x += w + 4;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#sky)"/><circle cx="${n(200 + r() * 800)}" cy="${sky.sunY}" r="70" fill="${sky.sun}"/>
${blocks}<rect y="560" width="1200" height="70" fill="#2b2d42"/>
<rect x="0" y="588" width="1200" height="6" fill="#fcbf49"/>
</svg>
`;
}

/** The site-wide share card (public/og-default.jpg, served from the SPA build): skyline + name. */
export function drawDefaultCardSvg(): string {
  const skyline = drawBlogCoverSvg("ghana-realty-default-card").replace(/<\/svg>\s*$/, "");
  return `${skyline}<rect x="80" y="150" width="1040" height="250" rx="24" fill="#ffffff" opacity="0.92"/>
<text x="600" y="265" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="84" font-weight="bold" fill="#1d3557">Ghana Realty</text>
<text x="600" y="345" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" fill="#264653">Homes, land and offices in Accra, Tema, Kumasi and Takoradi</text>
</svg>
`;
}

async function writeRaster(svg: string, file: string): Promise<void> {
  const jpg = await sharp(Buffer.from(svg))
    .resize(IMAGE_WIDTH, IMAGE_HEIGHT)
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
  await writeFile(file, jpg);
}

async function main(): Promise<void> {
  let files = 0;
  for (const l of LISTINGS) {
    const dir = join(outDir, l.slug);
    await mkdir(dir, { recursive: true });
    for (let i = 1; i <= IMAGES_PER_LISTING; i++) {
      const svg = drawListingSvg(l.slug, l.type, i - 1);
      await writeFile(join(dir, `${i}.svg`), svg);
      files++;
      if (i === 1) {
        await writeRaster(svg, join(dir, "1.jpg"));
        files++;
      }
    }
  }
  await mkdir(join(outDir, "blog"), { recursive: true });
  for (const p of POSTS) {
    await writeRaster(drawBlogCoverSvg(p.slug), join(outDir, "blog", `${p.slug}.jpg`));
    files++;
  }
  await mkdir(join(root, "public"), { recursive: true });
  await writeRaster(drawDefaultCardSvg(), join(root, "public/og-default.jpg"));
  files++;
  console.log(`wrote ${files} files under ${outDir} and public/og-default.jpg`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
