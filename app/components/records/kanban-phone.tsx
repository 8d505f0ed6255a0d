/**
 * A board at phone width shows one column at a time, snapped into place as the person swipes;
 * this switcher (a native select: the phone's own picker, and keyboard-usable) names every
 * column with its count, follows the swipes and scrolls the chosen column into view. It keeps
 * the column in view as its own state, so scrolling never re-renders the board's cards.
 */
import { useEffect, useId, useState, type RefObject } from "react";
import { NativeSelect } from "#app/components/ui/native-select.tsx";

/** The index of the column whose left edge is nearest the scroller's (their offset parent). */
function nearestColumn(scroller: HTMLElement): number {
  let best = 0;
  let distance = Number.POSITIVE_INFINITY;
  Array.from(scroller.children).forEach((child, i) => {
    const d = Math.abs((child as HTMLElement).offsetLeft - scroller.scrollLeft);
    if (d < distance) [best, distance] = [i, d];
  });
  return best;
}

export function ColumnSwitcher({
  columns,
  scroller,
}: {
  columns: readonly { id: string; title: string; count: number }[];
  scroller: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const follow = () => setShown(nearestColumn(el));
    el.addEventListener("scroll", follow, { passive: true });
    return () => el.removeEventListener("scroll", follow);
  }, [scroller]);

  return (
    <div className="mb-2 flex items-center gap-2 sm:hidden">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Column
      </label>
      <NativeSelect
        id={id}
        className="h-11 flex-1"
        value={String(shown)}
        onChange={(e) => {
          const index = Number(e.target.value);
          setShown(index);
          const column = scroller.current?.children[index] as HTMLElement | undefined;
          if (column) scroller.current?.scrollTo({ left: column.offsetLeft, behavior: "smooth" });
        }}
      >
        {columns.map((c, i) => (
          <option key={c.id} value={i}>
            {c.title} ({c.count})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
