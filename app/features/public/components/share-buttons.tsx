import { Check, Link2 } from "lucide-react";
import { useState } from "react";
import { shareTargets } from "../lib/links.ts";

/** Share links for a /share/... URL (its edge page carries the social preview tags). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const t = shareTargets(url, title);
  const btn =
    "inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:border-emerald-700 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700";
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      window.prompt("Copy this link", url);
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  }
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-stone-800">Share</h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a className={btn} href={t.whatsapp} target="_blank" rel="noopener">
            WhatsApp<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a className={btn} href={t.facebook} target="_blank" rel="noopener">
            Facebook<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a className={btn} href={t.x} target="_blank" rel="noopener">
            X<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a className={btn} href={t.linkedin} target="_blank" rel="noopener">
            LinkedIn<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <button type="button" className={btn} onClick={copy} data-share-url={url}>
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Link2 aria-hidden="true" className="size-4" />
            )}
            {copied ? "Link copied" : "Copy link"}
          </button>
          <span className="sr-only" role="status">
            {copied ? "Link copied to the clipboard" : ""}
          </span>
        </li>
      </ul>
    </div>
  );
}
