import { chromium } from "playwright-core";
const base = "http://crm.localhost:8787";
const who = process.argv[2] ?? "admin@demo.test";
const routes = (process.argv[3] ?? "/dashboard").split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
const errors: string[] = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(`${page.url()} ${m.text()}`); });
page.on("pageerror", (e) => errors.push(`${page.url()} PAGEERROR ${e.message}`));
await page.goto(`${base}/auth?redirectTo=/dashboard`);
await page.getByLabel("Email").fill(who);
await page.getByLabel("Password").fill("demo-password");
await page.getByRole("button", { name: /sign in/i }).click();
await page.waitForFunction(() => location.pathname === "/dashboard", null, { timeout: 20000 });
for (const r of routes) {
  await page.goto(base + r);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(1500);
  const name = `${who.split("@")[0]}${r.replace(/[^a-z0-9]+/gi, "_")}`;
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  const txt = await page.locator("main").innerText().catch(() => "");
  console.log(`== ${r}: ${txt.slice(0, 160).replace(/\n/g, " | ")}`);
}
console.log("errors:", errors);
await browser.close();
