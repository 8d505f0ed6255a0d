/**
 * Installable and offline for the field: the back-office and the partner portal register the
 * service worker (built from app/sw/service-worker.ts into /sw.js, its caches named after the
 * build) and link the web app manifest. The public site never does: its HTML stays as the edge
 * serves it. A new build found on the server waits until the user accepts "Update available";
 * the page then reloads into it, so a tab never runs code older than the worker serving it.
 */
import { toast } from "#app/lib/toast.ts";

export const SKIP_WAITING_MESSAGE = "skip-waiting";
const UPDATE_CHECK_MS = 30 * 60_000;

let started = false;

function offerUpdate(waiting: ServiceWorker): void {
  toast("Update available", {
    id: "app-update",
    description: "A new version of the back-office is ready.",
    duration: Number.POSITIVE_INFINITY,
    action: { label: "Reload", onClick: () => waiting.postMessage(SKIP_WAITING_MESSAGE) },
  });
}

/** Registers the service worker once per page (an effect: returns nothing to clean up). */
export function startOfflineSupport(): void {
  if (started || import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  started = true;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/manifest.json";
  document.head.append(link);

  const container = navigator.serviceWorker;
  // The first install takes over the page without a reload; only a switch of build reloads.
  const hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });

  container
    .register("/sw.js", { scope: "/" })
    .then((reg: ServiceWorkerRegistration | undefined) => {
      if (!reg) return; // registration refused by the browser (or a test harness)
      if (reg.waiting && container.controller) offerUpdate(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const incoming = reg.installing;
        incoming?.addEventListener("statechange", () => {
          if (incoming.state === "installed" && container.controller) offerUpdate(incoming);
        });
      });
      const check = () => void reg.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
    })
    .catch((err: unknown) => console.warn("offline support: service worker not registered", err));
}
