import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 360, height: 800 } });
await p.goto("http://consult.localhost:8787/");
await p.waitForTimeout(4000);
const wide = await p.evaluate(() => {
  const out: string[] = [String(document.documentElement.scrollWidth)];
  for (const el of Array.from(document.querySelectorAll("body *"))) {
    const r = el.getBoundingClientRect();
    if (r.right > 365 && r.width > 0)
      out.push(
        `${el.tagName}.${(el as HTMLElement).className?.toString().slice(0, 60)} right=${Math.round(r.right)} w=${Math.round(r.width)} pos=${getComputedStyle(el).position}`,
      );
  }
  return out.slice(0, 8);
});
console.log(wide.join("\n"));
await b.close();
