/** The back-office service worker's script (/sw.js) with the policy its own fetches need. */
import { mutable, SERVICE_WORKER_CSP } from "./security-headers.ts";

export function serviceWorkerScript(res: Response): Response {
  const sw = mutable(res);
  sw.headers.set("Content-Security-Policy", SERVICE_WORKER_CSP);
  return sw;
}
