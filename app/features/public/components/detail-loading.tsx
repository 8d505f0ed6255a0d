import { EDGE_SLOT_ATTR, LCP_IMAGE_SLOT } from "#core/prerender.ts";

/**
 * A listing's or post's loading state, laid out like the loaded page's top (title lines, then
 * the main image at its final size). On a prerendered page the edge puts the main image into the
 * slot, so it shows before the page's JavaScript and data arrive (core/prerender.ts).
 */
export function DetailLoading({
  label,
  imageClassName,
  layout,
}: {
  label: string;
  imageClassName: string;
  layout: "property" | "post";
}) {
  const lines = (
    <div aria-hidden="true" className="space-y-3">
      <div className="h-9 w-3/4 animate-pulse rounded-lg bg-stone-200" />
      <div className="h-5 w-1/2 animate-pulse rounded bg-stone-200" />
    </div>
  );
  const image = (
    <div
      {...{ [EDGE_SLOT_ATTR]: LCP_IMAGE_SLOT }}
      className={`overflow-hidden bg-stone-200 [&>img]:size-full [&>img]:object-cover ${imageClassName}`}
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      className={
        layout === "property" ? "mx-auto max-w-7xl px-4 py-8 sm:px-6" : "mx-auto max-w-3xl px-4 py-10 sm:px-6"
      }
    >
      {layout === "property" ? (
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_360px]">
          <div className="min-w-0 space-y-8">
            {lines}
            {image}
          </div>
        </div>
      ) : (
        <>
          <div className="mb-8">{lines}</div>
          {image}
        </>
      )}
    </div>
  );
}
