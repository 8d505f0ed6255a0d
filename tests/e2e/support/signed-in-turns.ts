/**
 * One browser of a file signed in as one person after another, as a shared office computer is:
 * each later sign-in (signInOnPage) finds the back-office's scripts in the browser's cache, where a
 * fresh context downloaded and compiled them again (seconds on a busy machine). For people who act
 * one after another; people acting at the same time need browsers of their own.
 */
import type { Browser } from "playwright-core";
import { signedInPage, signInOnPage, type WatchedPage } from "#tests/support/browser.ts";

export function signedInTurns() {
  let open: WatchedPage | undefined;
  return {
    /** The browser signed in as `user` on `pathname` (the CRM host); `errors` starts empty. */
    async as(browser: Browser, user: { email: string; password: string }, pathname: string) {
      if (!open) return (open = await signedInPage(browser, user, pathname));
      open.errors.length = 0;
      await signInOnPage(open.page, user, pathname);
      return open;
    },
    async close(): Promise<void> {
      await open?.context.close();
      open = undefined;
    },
  };
}
