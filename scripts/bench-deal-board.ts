/**
 * `npm run bench:deal-board`: the deals board with 500 open deals, in
 * Chromium against the running local stack (`npm start`). The board marks when its data arrived
 * and writes, on the frame after the cards are committed, how long that took (deal-board.tsx:
 * data-render-ms). Adds 500 deals to the sales pipeline for a throwaway admin, loads the board
 * RUNS times, prints median and max against the 300 ms target, then removes what it added.
 */
import { DEMO_PASSWORD } from "#scripts/local-env.ts";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient } from "#tests/support/supabase.ts";
import { addBoardDeals, removeBoardDeals } from "./bench/board-deals.ts";

const DEALS = 500;
const RUNS = Number(process.env.RUNS ?? 7);
const TARGET_MS = 300;
const tag = crypto.randomUUID().slice(0, 6);
const service = serviceClient();
const admin = await createTestUser({ role: "admin", password: DEMO_PASSWORD });
const browser = await launchBrowser();
try {
  await addBoardDeals(service, admin.id, tag, DEALS);

  // Signed in as the e2e walks are (an admin steps up with their authenticator code).
  const { page, context } = await signedInPage(browser, admin, "/deals");
  const times: number[] = [];
  let cards = 0;
  for (let run = 0; run < RUNS; run++) {
    if (run > 0) await page.reload();
    const board = page.locator('[data-testid="deal-board"][data-render-ms]');
    await board.waitFor({ timeout: 60_000 });
    cards = Number(await board.getAttribute("data-cards"));
    times.push(Number(await board.getAttribute("data-render-ms")));
  }
  await context.close();
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const max = sorted.at(-1)!;
  console.log(
    `deals board, ${cards} cards (${DEALS} added): data → painted median ${median} ms, max ${max} ms over ${RUNS} loads (target ≤ ${TARGET_MS} ms) ${median <= TARGET_MS ? "✓" : "✗"}`,
  );
  console.log(`runs: ${times.join(", ")} ms`);
  if (cards < DEALS) throw new Error(`the board showed ${cards} cards, fewer than the ${DEALS} added`);
} finally {
  await browser.close();
  await removeBoardDeals(service, tag);
  await deleteTestUser(admin.id);
}
