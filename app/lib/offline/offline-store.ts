/**
 * What the back-office keeps on the device for working without a network: one IndexedDB store of
 * keyed values (the leads hunt's last call list and outbox, the user's profile). Every value
 * belongs to the signed-in user: reading for another user first deletes everything, and signing
 * out deletes everything, so one person's data never outlives their session on a shared phone.
 * Storage blocked or full (private mode, quota) degrades to "nothing kept", never to an error.
 */
const DB_NAME = "ghana-realty-offline";
const STORE = "kv";
const OWNER_KEY = "owner";

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(null);
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const tx = db.transaction(STORE, mode);
          const req = fn(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(req.result as T);
          tx.onerror = tx.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

/** Deletes everything kept on this device (sign-out, or another user signing in). */
export async function clearOfflineData(): Promise<void> {
  claimed = null;
  await run("readwrite", (s) => s.clear());
}

let claimed: { userId: string; done: Promise<void> } | null = null;

/** Makes `userId` the owner of the store, deleting another user's values first (once per user). */
function claim(userId: string): Promise<void> {
  if (claimed?.userId !== userId) {
    const done = run<string>("readonly", (s) => s.get(OWNER_KEY)).then(async (owner) => {
      if (owner === userId) return;
      await run("readwrite", (s) => s.clear());
      await run("readwrite", (s) => s.put(userId, OWNER_KEY));
    });
    claimed = { userId, done };
  }
  return claimed.done;
}

/** The value kept under `key` for this user (undefined: none, or storage unavailable). */
export async function readOffline(userId: string, key: string): Promise<unknown> {
  await claim(userId);
  return run<unknown>("readonly", (s) => s.get(key));
}

export async function writeOffline(userId: string, key: string, value: unknown): Promise<boolean> {
  await claim(userId);
  return (await run("readwrite", (s) => s.put(value, key))) !== undefined;
}

/** Is the page offline? (the browser's word, or a fetch that failed on the network). */
export function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== "undefined" && !navigator.onLine) return true;
  const message =
    error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? "");
  return /failed to fetch|network|load failed/i.test(message);
}
