/**
 * A board at phone width shows one column at a time, snapped into place as the person swipes;
 * this switcher (a native select: the phone's own picker, and keyboard-usable) names every
 * column with its count and scrolls the chosen one into view.
 */
import { useId } from "react";
import { NativeSelect } from "#app/components/ui/native-select.tsx";

/** The index of the column whose left edge is nearest the scroller's (their offset parent). */
export function nearestColumn(scroller: HTMLElement): number {
  let best = 0;
  let distance = Number.POSITIVE_INFINITY;
  Array.from(scroller.children).forEach((child, i) => {
    const d = Math.abs((child as HTMLElement).offsetLeft - scroller.scrollLeft);
    if (d < distance) [best, distance] = [i, d];
  });
  return best;
}

export function showColumn(scroller: HTMLElement, index: number) {
  const child = scroller.children[index] as HTMLElement | undefined;
  if (child) scroller.scrollTo({ left: child.offsetLeft, behavior: "smooth" });
}

export function ColumnSwitcher({
  columns,
  value,
  onChange,
}: {
  columns: readonly { id: string; title: string; count: number }[];
  value: number;
  onChange: (index: number) => void;
}) {
  const id = useId();
  return (
    <div className="mb-2 flex items-center gap-2 sm:hidden">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Column
      </label>
      <NativeSelect
        id={id}
        className="h-11 flex-1"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
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
