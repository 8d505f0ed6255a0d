/**
 * One person's page shared by a file's tests (sharedPage), where every open after the first is a
 * move inside the app already loaded (navigateInApp), as a link would be: no reload of the site's
 * scripts, session and frame per test. The caller waits for something only the new address shows
 * (its record's title or number), since the previous screen stays until the router swaps it.
 */
import type { Browser } from "playwright-core";
import { navigateInApp, sharedPage, type WatchedPage } from "#tests/support/browser.ts";

export function inAppPage(...args: Parameters<typeof sharedPage>) {
  const shared = sharedPage(...args);
  let loaded = false;
  return {
    /** Without a pathname: the page as it is (a visitor's may be blank yet). */
    async open(browser: Browser, pathname?: string): Promise<WatchedPage> {
      if (pathname === undefined) return shared.open(browser);
      if (!loaded) {
        const first = await shared.open(browser, pathname);
        loaded = true;
        return first;
      }
      const w = await shared.open(browser);
      await navigateInApp(w.page, pathname);
      return w;
    },
    close: async () => {
      loaded = false;
      await shared.close();
    },
  };
}
