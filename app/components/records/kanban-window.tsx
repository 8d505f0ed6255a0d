/**
 * A board column's list of cards. A long column renders only the cards near the viewport (the
 * rest stand as spacers of their measured or estimated height): every mounted card re-renders on
 * each step of a drag (the drag-and-drop context changes), so a 500-card board would otherwise
 * rebuild 500 cards on a pick-up, each hover and the drop. Short columns render every card, so
 * an ordinary board stays searchable with the browser's find and readable in a screen reader's
 * browse mode; a windowed card carries its place ("12 of 100") for screen readers.
 *
 * Some cards render wherever they are: the one with focus in this column (moving focus away would
 * drop a keyboard drag and lose the person's place) and the board's `pinned` ones (the card being
 * dragged, and the card just moved, which the drag-and-drop kit gives focus back to after a drop).
 */
import { useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";

/** Columns longer than this are windowed. */
export const WINDOW_FROM = 40;
/** A card's height before it is measured, and the gap between cards (the list's `gap-2`). */
const ESTIMATE_PX = 110;
const GAP_PX = 8;
/** Rendered beyond the viewport above and below, so a scroll rarely shows a blank. */
const OVERSCAN_PX = 800;

export interface CardPlace {
  index: number;
  size: number;
}

export function CardList({
  ids,
  pinned,
  renderCard,
}: {
  ids: readonly string[];
  pinned: ReadonlySet<string>;
  /** `place` is given only in a windowed column. */
  renderCard: (id: string, place?: CardPlace) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const windowed = ids.length > WINDOW_FROM;
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [range, setRange] = useState({ from: 0, to: 20 });
  const [focused, setFocused] = useState<string | null>(null);

  // Where each card starts (from the list's top), for the spacers and the range in view.
  const starts: number[] = [];
  let y = 0;
  for (const id of ids) {
    starts.push(y);
    y += (heights.current.get(id) ?? ESTIMATE_PX) + GAP_PX;
  }
  starts.push(y);

  // The range follows every scroll on the page (the window's or the board's own) and resize.
  const latest = useRef(starts);
  latest.current = starts;
  useLayoutEffect(() => {
    if (!windowed) return;
    const update = () => {
      const el = list.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      const at = latest.current;
      const last = at.length - 1;
      // The first card ending below the top of the view (none: the list is above it).
      const first = at.findIndex((s, i) => i < last && at[i + 1]! > -top - OVERSCAN_PX);
      const from = first === -1 ? last : first;
      let to = from;
      while (to < last && at[to]! < window.innerHeight - top + OVERSCAN_PX) to++;
      setRange((r) => (r.from === from && r.to === to ? r : { from, to }));
    };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", onScroll);
    };
  }, [windowed, ids.length, measured]);

  // Rendered cards are measured as they mount and whenever they change size.
  const observer = useRef<ResizeObserver | null>(null);
  useLayoutEffect(() => {
    if (!windowed) return;
    const ro = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        const id = el.dataset.cardId;
        const h = el.offsetHeight;
        if (!id || !el.isConnected || h === 0) continue;
        if (Math.abs((heights.current.get(id) ?? 0) - h) > 0.5) {
          heights.current.set(id, h);
          changed = true;
        }
      }
      if (changed) setMeasured((n) => n + 1);
    });
    observer.current = ro;
    return () => {
      ro.disconnect();
      observer.current = null;
    };
  }, [windowed]);
  useLayoutEffect(() => {
    const ro = observer.current;
    if (!ro || !list.current) return;
    // Observing a card twice is a no-op; cards that left are let go by the observer with the node.
    for (const el of list.current.querySelectorAll<HTMLElement>(":scope > [data-card-id]")) ro.observe(el);
  });

  const onFocus = (e: FocusEvent<HTMLUListElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>("[data-card-id]")?.dataset.cardId;
    if (id && id !== focused) setFocused(id);
  };

  let content: ReactNode[];
  if (!windowed) content = ids.map((id) => renderCard(id));
  else {
    const shown = new Set<number>();
    for (let i = range.from; i < Math.min(range.to, ids.length); i++) shown.add(i);
    ids.forEach((id, i) => {
      if (pinned.has(id) || id === focused) shown.add(i);
    });
    content = [];
    let next = 0;
    for (const i of [...shown].sort((a, b) => a - b)) {
      if (i > next) content.push(<Spacer key={`gap-${next}`} height={starts[i]! - starts[next]! - GAP_PX} />);
      content.push(renderCard(ids[i]!, { index: i, size: ids.length }));
      next = i + 1;
    }
    if (next < ids.length)
      content.push(<Spacer key={`gap-${next}`} height={starts[ids.length]! - starts[next]! - GAP_PX} />);
  }

  return (
    <ul ref={list} className="flex min-h-16 flex-col gap-2" onFocus={onFocus}>
      {content}
    </ul>
  );
}

/** Stands in for the cards not rendered: the column keeps its full height and scroll position. */
function Spacer({ height }: { height: number }) {
  return <li aria-hidden="true" role="presentation" data-spacer="" style={{ height }} />;
}
