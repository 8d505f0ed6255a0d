/**
 * The data table's keyboard and pointer path over its rows: the rows are one Tab stop (roving
 * focus), ↑/↓/Home/End move, Enter opens, Space selects; a click opens the row unless it lands
 * on a control inside it or ends a text selection.
 */
import { useRef, useState, type KeyboardEvent, type MouseEvent } from "react";

function isInteractive(target: EventTarget | null, row: HTMLElement): boolean {
  const el =
    target instanceof Element
      ? target.closest(
          "a, button, input, select, textarea, label, [role=checkbox], [role=menuitem], [contenteditable=true]",
        )
      : null;
  return !!el && el !== row && row.contains(el);
}

export function useRowNavigation<Row>(
  count: number,
  onOpenRow: ((row: Row) => void) | undefined,
  selectable: boolean,
) {
  // Roving focus: the rows are one Tab stop; arrows move within.
  const [activeRow, setActiveRow] = useState(0);
  const rowRefs = useRef<Array<HTMLTableRowElement | null>>([]);
  const focusRow = (i: number) => {
    const clamped = Math.max(0, Math.min(count - 1, i));
    setActiveRow(clamped);
    rowRefs.current[clamped]?.focus();
  };
  const tabbableRow = Math.min(activeRow, Math.max(0, count - 1));

  const onRowKeyDown = (
    e: KeyboardEvent<HTMLTableRowElement>,
    index: number,
    row: Row,
    toggle: () => void,
  ) => {
    if (e.target !== e.currentTarget) return; // keys inside a cell's own control are its own
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        focusRow(index + 1);
        break;
      case "ArrowUp":
        e.preventDefault();
        focusRow(index - 1);
        break;
      case "Home":
        e.preventDefault();
        focusRow(0);
        break;
      case "End":
        e.preventDefault();
        focusRow(count - 1);
        break;
      case "Enter":
        if (onOpenRow) {
          e.preventDefault();
          onOpenRow(row);
        }
        break;
      case " ":
        if (selectable) {
          e.preventDefault();
          toggle();
        }
        break;
    }
  };

  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, row: Row) => {
    if (!onOpenRow || isInteractive(e.target, e.currentTarget)) return;
    // Selecting text in a cell is not a click on the row.
    if (window.getSelection()?.toString()) return;
    onOpenRow(row);
  };

  return { rowRefs, tabbableRow, setActiveRow, onRowKeyDown, onRowClick };
}
