/**
 * The back-office's service worker (registered by app/lib/offline/pwa.ts on the CRM and partner
 * hosts only). The build (scripts/bundle/service-worker.ts) prepends the build's id and the files
 * to fetch at install: the app shell and the code of the leads hunt, tasks, contacts and the
 * partner portal. One cache per build: a new build installs beside the old one and takes over only
 * when the page accepts the update, then deletes the old cache.
 *
 *  - Pages (navigations): the network first; the copy kept is the last shell the edge served, used
 *    only when the network is down. The shell holds no user data (the SPA reads that itself).
 *  - Built files (/assets/, named by their content): from the cache, else the network (and kept).
 *  - Everything else (the API, images, the hub, other origins): untouched.
 */
declare const __SW_BUILD__: string;
declare const __SW_PRECACHE__: string[];

interface SwEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface SwFetchEvent extends SwEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwScope {
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: SwEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: SwFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

const scope = self as unknown as SwScope;
const CACHE_PREFIX = "app-";
const CACHE = `${CACHE_PREFIX}${__SW_BUILD__}`;
/** Where the last app shell served is kept (a key, never a real page). */
const SHELL_KEY = "/__app-shell";
const SKIP_WAITING_MESSAGE = "skip-waiting";

/** A copy safe to answer a navigation with (a followed redirect may not be), and to keep. */
async function storable(response: Response): Promise<Response> {
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function isHtml(response: Response): boolean {
  return response.ok && (response.headers.get("content-type") ?? "").includes("text/html");
}

scope.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(__SW_PRECACHE__);
      const shell = await fetch(new Request("/", { cache: "reload", credentials: "same-origin" }));
      if (isHtml(shell)) await cache.put(SHELL_KEY, await storable(shell));
    })(),
  );
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void scope.skipWaiting();
});

async function navigate(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (isHtml(response)) {
      const kept = await storable(response.clone());
      void caches.open(CACHE).then((cache) => cache.put(SHELL_KEY, kept));
    }
    return response;
  } catch (err) {
    const shell = await caches.match(SHELL_KEY, { cacheName: CACHE });
    if (shell) return shell;
    throw err;
  }
}

async function builtFile(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // Built files are answered with `Vary: Origin`; a module script asks with an Origin header, the
  // precache did not: the file is the same either way.
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") event.respondWith(navigate(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(builtFile(request));
});

// A module for the type checker (its names stay out of the app's globals); the build strips this.
export {};
