/**
 * Listing gallery: one large image with previous/next buttons, arrow keys and swipe, and a
 * strip of thumbnails. Images carry width/height (no layout shift) and load lazily after the first.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import type { PropertyImage } from "../api/properties.ts";
import { GALLERY_IMAGE } from "#core/images.ts";
import { propertyImageSrcSet, propertyImageUrl } from "../lib/images.ts";

export function Gallery({ images, title }: { images: PropertyImage[]; title: string }) {
  const [i, setI] = useState(0);
  const touchX = useRef<number | null>(null);
  if (images.length === 0) {
    return (
      <div className="flex aspect-[16/10] items-center justify-center rounded-2xl bg-stone-200 text-stone-600">
        Photos coming soon
      </div>
    );
  }
  const n = images.length;
  const go = (d: number) => setI((c) => (c + d + n) % n);
  const img = images[i]!;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") {
      e.preventDefault();
      go(1);
    }
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      go(-1);
    }
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start == null || end == null || Math.abs(end - start) < 40) return;
    go(end < start ? 1 : -1);
  };
  const btn =
    "absolute top-1/2 -translate-y-1/2 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-emerald-700";
  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      onKeyDown={onKey}
      className="space-y-3"
    >
      <div
        className="relative overflow-hidden rounded-2xl bg-stone-200"
        onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={onTouchEnd}
        tabIndex={0}
        aria-label={`Photo ${i + 1} of ${n}. Use the left and right arrow keys to browse.`}
        data-testid="gallery-main"
      >
        <img
          key={img.storage_path}
          src={propertyImageUrl(img.storage_path)}
          srcSet={propertyImageSrcSet(img.storage_path, GALLERY_IMAGE.widths)}
          sizes={GALLERY_IMAGE.sizes}
          alt={img.alt_text ?? `${title}, photo ${i + 1}`}
          width={img.width ?? 1200}
          height={img.height ?? 800}
          fetchPriority={i === 0 ? "high" : "auto"}
          decoding="async"
          className="aspect-[16/10] w-full object-cover"
        />
        {n > 1 && (
          <>
            <button
              type="button"
              className={`${btn} left-3`}
              onClick={() => go(-1)}
              aria-label="Previous photo"
            >
              <ChevronLeft aria-hidden="true" />
            </button>
            <button type="button" className={`${btn} right-3`} onClick={() => go(1)} aria-label="Next photo">
              <ChevronRight aria-hidden="true" />
            </button>
          </>
        )}
        <p
          className="absolute right-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-xs font-medium text-white"
          aria-live="polite"
        >
          {i + 1} / {n}
        </p>
      </div>
      {n > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {images.map((im, k) => (
            <li key={im.storage_path} className="shrink-0">
              <button
                type="button"
                onClick={() => setI(k)}
                aria-label={`Show photo ${k + 1}`}
                aria-current={k === i ? "true" : undefined}
                className="block overflow-hidden rounded-lg border-2 border-transparent aria-[current=true]:border-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                <img
                  src={propertyImageUrl(im.storage_path)}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
