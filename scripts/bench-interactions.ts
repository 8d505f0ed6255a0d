/**
 * `npm run bench:interactions`: how fast the back-office answers a hand, in Chromium against the
 * running local stack (`npm start`; for figures at size, start it on a `seed:scale` data folder).
 * Interaction to Next Paint (INP) per scenario, read from the browser's own Event Timing entries
 * (the `event` performance entries with an interactionId: input delay + processing + the frame
 * after), the worst interaction of each scenario against the 100 ms target:
 *   - typing a name into the contacts list's search box;
 *   - opening the command palette (Ctrl+K) and typing into it;
 *   - moving a deal card to the next stage on a board holding 500 open deals (the keyboard drag
 *     of the board: pick up, move, drop — the drop re-renders the board).
 * Adds the 500 deals for a throwaway admin and removes them afterwards. RUNS (default 3) repeats
 * each scenario; exits 1 when a scenario's worst INP is over the target, unless --no-fail.
 */
import type { Page } from "playwright-core";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient } from "#tests/support/supabase.ts";
import { addBoardDeals, boardDealTitle, removeBoardDeals } from "./bench/board-deals.ts";

const DEALS = 500;
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET_MS = 100;
declare global {
  interface Window {
    __interactions?: { name: string; duration: number; id: number }[];
  }
}

/** Event Timing entries of real interactions, kept from the first script of every page. */
function observeInteractions(): void {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    // interactionId is newer than this TypeScript's DOM library.
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
      if (e.interactionId)
        window.__interactions!.push({ name: e.name, duration: e.duration, id: e.interactionId });
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** Lets the last interaction's frame paint and its entry arrive, then returns the worst one. */
async function worstInteraction(page: Page): Promise<{ ms: number; name: string; count: number }> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
      ),
  );
  const entries = await page.evaluate(() => window.__interactions ?? []);
  // One interaction (a key press: keydown, keypress, keyup) counts once, at its longest entry.
  const byId = new Map<number, { ms: number; name: string }>();
  for (const e of entries) {
    const seen = byId.get(e.id);
    if (!seen || e.duration > seen.ms) byId.set(e.id, { ms: e.duration, name: e.name });
  }
  if (process.env.DEBUG)
    console.log([...byId.values()].map((e) => `${e.name} ${Math.round(e.ms)}`).join(", "));
  const worst = [...byId.values()].sort((a, b) => b.ms - a.ms)[0] ?? { ms: 0, name: "–" };
  return { ...worst, count: byId.size };
}

/**
 * Scrolls down the page as a person would until the card's handle is mounted: a long column
 * renders only the cards near the view.
 */
async function scrollUntilMounted(page: Page, handleLabel: string): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(async (label) => {
    window.scrollTo(0, 0);
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const buttons = Array.from(document.querySelectorAll("button[aria-label]"));
      if (buttons.some((b) => b.getAttribute("aria-label") === label)) return;
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight / 2);
      if (window.scrollY === before) throw new Error(`no card handle "${label}" on the board`);
    }
  }, handleLabel);
}

async function resetInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__interactions = [];
  });
}

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const admin = await createTestUser({ role: "admin" });
const browser = await launchBrowser();
const results: { scenario: string; runs: number[]; worstName: string }[] = [];
const mounted: number[] = [];
try {
  await addBoardDeals(service, admin.id, tag, DEALS);

  const { page, context } = await signedInPage(browser, admin, "/business-contacts");
  await context.addInitScript(observeInteractions);
  const record = (scenario: string, ms: number, name: string) => {
    const row = results.find((r) => r.scenario === scenario);
    if (row) {
      row.runs.push(ms);
      if (ms >= Math.max(...row.runs)) row.worstName = name;
    } else results.push({ scenario, runs: [ms], worstName: name });
  };

  for (let run = 0; run < RUNS; run++) {
    // ── The contacts list's search box ──
    await page.goto(page.url().replace(/\/[^/]*$/, "/business-contacts"));
    const search = page.getByRole("searchbox").first();
    await search.waitFor();
    await page.getByRole("table").first().waitFor();
    await resetInteractions(page);
    await search.click();
    await page.keyboard.type("Mensah", { delay: 60 });
    let w = await worstInteraction(page);
    record("contacts search: typing", w.ms, w.name);

    // ── The command palette ──
    await resetInteractions(page);
    await page.keyboard.press("Escape");
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("Control+k");
    const input = page.getByPlaceholder(/Go to/);
    await input.waitFor();
    await page.keyboard.type("Asante", { delay: 60 });
    await page.getByRole("option").first().waitFor();
    w = await worstInteraction(page);
    record("palette: open and type", w.ms, w.name);
    await page.keyboard.press("Escape");

    // ── A 500-card board: move a card one stage on ──
    // Only this run's cards on the board: the filter is the bench's tag, 500 cards.
    await page.goto(page.url().replace(/\/business-contacts.*$/, `/deals?q=${tag}`));
    const board = page.locator('[data-testid="deal-board"][data-render-ms]');
    await board.waitFor();
    const cards = Number(await board.getAttribute("data-cards"));
    if (cards < DEALS) throw new Error(`the board showed ${cards} cards, fewer than the ${DEALS} added`);
    // Every mounted card re-renders on each step of a drag (dnd-kit's context changes): long
    // columns mount only the cards near the view.
    mounted.push(await page.locator("[data-card-id]").count());
    // Deal 15k: in the first stage (i % 5 = 0).
    const moving = boardDealTitle(tag, run * 15);
    const handle = page.getByRole("button", { name: `Move ${moving}`, exact: true });
    await scrollUntilMounted(page, `Move ${moving}`);
    await handle.scrollIntoViewIfNeeded();
    await resetInteractions(page);
    const announced = (text: string) =>
      page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).waitFor({ state: "attached" });
    await handle.focus();
    await page.keyboard.press("Space");
    await announced("is over New enquiry");
    // The keyboard sensor listens from the task after the pick-up.
    await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press("ArrowRight");
    await announced("is over Viewing");
    await page.keyboard.press("Space");
    await page
      .getByRole("region", { name: "Deals by stage" })
      .getByRole("group", { name: /^Viewing/ })
      .getByText(moving, { exact: true })
      .waitFor();
    w = await worstInteraction(page);
    record(`deals board (${cards} cards): move a card`, w.ms, w.name);
  }
} finally {
  await browser.close();
  await removeBoardDeals(service, tag);
  await deleteTestUser(admin.id);
}

const over: string[] = [];
for (const r of results) {
  const worst = Math.max(...r.runs);
  console.log(
    `${r.scenario.padEnd(40)} INP worst ${Math.round(worst)} ms (${r.worstName}) over ${r.runs.length} runs: ${r.runs.map((ms) => Math.round(ms)).join(", ")} ms  ${worst <= TARGET_MS ? "✓" : "✗"}`,
  );
  if (worst > TARGET_MS) over.push(r.scenario);
}
if (mounted.length)
  console.log(`deals board: cards mounted (re-rendered on each drag step): ${mounted.join(", ")}`);
console.log(`target: INP ≤ ${TARGET_MS} ms per scenario`);
if (over.length && !process.argv.includes("--no-fail")) process.exitCode = 1;
