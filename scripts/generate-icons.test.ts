import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fullBleed, ICONS, readFavicon, renderIcon } from "./generate-icons.ts";

const publicDir = join(import.meta.dirname, "../public");

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe("the web app manifest's icons", () => {
  it("offers PNGs of 192 and 512 px and a maskable one, each a file of its stated size", async () => {
    const manifest = JSON.parse(await readFile(join(publicDir, "manifest.json"), "utf8")) as {
      icons: ManifestIcon[];
    };
    const pngs = manifest.icons.filter((i) => i.type === "image/png");
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of pngs) {
      const meta = await sharp(join(publicDir, icon.src)).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`).toBe(`png ${icon.sizes}`);
    }
  });

  it("are the favicon drawn afresh (re-run scripts/generate-icons.ts after changing it)", async () => {
    const svg = await readFavicon();
    for (const icon of ICONS) {
      const committed = await sharp(join(publicDir, "icons", icon.file))
        .raw()
        .toBuffer();
      const fresh = await sharp(await renderIcon(svg, icon))
        .raw()
        .toBuffer();
      expect(committed.equals(fresh), icon.file).toBe(true);
    }
  });

  it("draws the maskable icon edge to edge: its corners are the brand colour, not transparent", async () => {
    const maskable = ICONS.find((i) => i.maskable)!;
    const plain = ICONS.find((i) => !i.maskable && i.size === maskable.size)!;
    const corner = async (png: Buffer) => [
      ...(await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const svg = await readFavicon();
    expect(await corner(await renderIcon(svg, maskable))).toEqual([0x1f, 0x6b, 0x45, 255]);
    expect((await corner(await renderIcon(svg, plain)))[3]).toBe(0);
    expect(() => fullBleed('<svg><circle r="3"/></svg>')).toThrow(/no rounded background/);
  });
});
