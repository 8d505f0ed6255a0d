/**
 * A board of records in columns (a status, a pipeline stage), moved by drag and drop with the
 * pointer or the keyboard (@dnd-kit: focus a card's handle, Space to pick it up, ←/→ to choose a
 * column, Space to drop, Escape to cancel; every step is announced to screen readers), or with
 * the card's "Move to…" menu. The module's guard refuses an illegal move before anything
 * changes, with its reason; a legal move shows at once (optimistic) and rolls back when the save
 * fails, the failure toasted once by the query client under "Could not move …".
 */
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Over,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { GripVerticalIcon, MoreHorizontalIcon } from "lucide-react";
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "#app/lib/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { cn } from "#app/lib/utils.ts";
import { useCardMove } from "./hooks/use-card-move.ts";
import { ColumnSwitcher } from "./kanban-phone.tsx";
import { CardList, type CardPlace } from "./kanban-window.tsx";

export interface KanbanColumn<C extends string> {
  id: C;
  title: string;
  /** Figures under the title on one line (cut with "…", whole on hover), so headers keep one height. */
  summary?: string;
}

/** null: allowed; a string: refused, and why (shown to the user). */
export type MoveGuard<Item, C extends string> = (item: Item, from: C, to: C) => string | null;

export interface KanbanBoardProps<Item, C extends string> {
  /** The board's accessible name ("Listings by status"). */
  label: string;
  columns: readonly KanbanColumn<C>[];
  items: readonly Item[];
  getId: (item: Item) => string;
  getColumn: (item: Item) => C;
  /** Names a card in announcements and menus. */
  itemLabel: (item: Item) => string;
  renderCard: (item: Item) => ReactNode;
  canMove?: MoveGuard<Item, C>;
  /** Saves the move (the module's API call); a rejection rolls the card back. */
  onMove: (item: Item, to: C) => Promise<unknown>;
  /** After a move settles either way (invalidate the module's queries, tell colleagues). */
  onSettled?: (item: Item) => void;
}

const COLUMN_PREFIX = "column:";
// One element for every handle: a drag re-renders each card's frame, never its icons.
const GRIP = <GripVerticalIcon className="size-4" aria-hidden="true" />;
const MORE = <MoreHorizontalIcon aria-hidden="true" />;
const columnDroppableId = (c: string) => `${COLUMN_PREFIX}${c}`;

export function KanbanBoard<Item, C extends string>(props: KanbanBoardProps<Item, C>) {
  const { label, columns, items, getId, getColumn, itemLabel, renderCard, canMove, onMove, onSettled } =
    props;
  // Optimistic placements: item id → the column it was moved to, until the data agrees or the save fails.
  const [moved, setMoved] = useState<ReadonlyMap<string, C>>(new Map());
  const [activeId, setActiveId] = useState<string | null>(null);
  const [lastMoved, setLastMoved] = useState<string | null>(null);

  const columnOf = (item: Item): C => moved.get(getId(item)) ?? getColumn(item);
  // Placements the data has caught up with are dropped (derived, so no effect is needed).
  const pending = [...moved].filter(([id, c]) => {
    const item = items.find((i) => getId(i) === id);
    return item !== undefined && getColumn(item) !== c;
  });
  if (pending.length !== moved.size) setMoved(new Map(pending));

  const byId = useMemo(() => new Map(items.map((i) => [getId(i), i])), [items, getId]);
  const titleOf = (c: C) => columns.find((col) => col.id === c)?.title ?? c;

  const move = useCardMove<Item, C>({
    onMove,
    onSettled,
    rollBack: (item) =>
      setMoved((m) => {
        const next = new Map(m);
        next.delete(getId(item));
        return next;
      }),
  });

  /** The guard's answer for a move (null = allowed). */
  const refusal = (item: Item, to: C): string | null => {
    const from = columnOf(item);
    if (from === to) return null;
    return canMove?.(item, from, to) ?? null;
  };

  /** What a move would do, in words (the same sentence is announced and, if refused, toasted). */
  const describeMove = (item: Item, to: C): { ok: boolean; message: string; why?: string } => {
    const from = columnOf(item);
    const name = itemLabel(item);
    if (from === to) return { ok: false, message: `${name} stays in ${titleOf(from)}.` };
    const why = refusal(item, to);
    if (why)
      return {
        ok: false,
        why,
        message: `${name} cannot move to ${titleOf(to)}: ${why} It stays in ${titleOf(from)}.`,
      };
    return { ok: true, message: `${name} moved from ${titleOf(from)} to ${titleOf(to)}.` };
  };

  /** Moves a card, or refuses with the guard's reason. */
  const requestMove = (item: Item, to: C): string => {
    const result = describeMove(item, to);
    if (result.why)
      toast.error(`Cannot move “${itemLabel(item)}” to ${titleOf(to)}`, { description: result.why });
    if (result.ok) {
      setMoved((m) => new Map(m).set(getId(item), to));
      setLastMoved(getId(item));
      move.mutate({ item, to });
    }
    return result.message;
  };

  const targetColumn = (over: Over | null): C | null => {
    if (!over) return null;
    const id = String(over.id);
    if (id.startsWith(COLUMN_PREFIX)) return id.slice(COLUMN_PREFIX.length) as C;
    const item = byId.get(id);
    return item ? columnOf(item) : null;
  };

  // ←/→ go to the neighbouring column (sortable's own getter would first stop at the edge of the
  // card's own column); ↑/↓ move within a column.
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
    const step = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
    // A card's place within its column follows the data, so ↑/↓ move nothing.
    if (step === 0) return args.currentCoordinates;
    event.preventDefault();
    const { over, active, droppableRects } = args.context;
    const activeItem = active ? byId.get(String(active.id)) : undefined;
    const current = targetColumn(over) ?? (activeItem ? columnOf(activeItem) : null);
    const next = columns[columns.findIndex((c) => c.id === current) + step];
    const rect = next ? droppableRects.get(columnDroppableId(next.id)) : undefined;
    return rect ? { x: rect.left + 8, y: rect.top + 40 } : args.currentCoordinates;
  };
  const sensors = useSensors(
    // A small distance, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  // A pick-up, each hover and the drop re-render every mounted card's draggable frame (dnd-kit's
  // context changes): long columns mount only the cards near the view (kanban-window.tsx), and the
  // card bodies and menus are kept from the last data change.
  const bodies = useMemo(
    () => new Map(items.map((i) => [getId(i), renderCard(i)])),
    [items, getId, renderCard],
  );
  const live = useRef({ columns, columnOf, refusal, requestMove });
  useLayoutEffect(() => {
    live.current = { columns, columnOf, refusal, requestMove };
  });
  const moveTargetsOf = useCallback(
    (id: string) => {
      const { columns: cols, columnOf: colOf, refusal: refused } = live.current;
      const item = byId.get(id);
      if (!item) return [];
      return cols.filter((c) => c.id !== colOf(item)).map((c) => ({ ...c, refused: refused(item, c.id) }));
    },
    [byId],
  );
  const moveTo = useCallback(
    // The memoised menu is not generic: its column ids come from this board's columns.
    (id: string, to: string) => {
      const item = byId.get(id);
      if (item) setMenuMessage(live.current.requestMove(item, to as C));
    },
    [byId],
  );

  const nameOf = (id: UniqueIdentifier) => {
    const item = byId.get(String(id));
    return item ? itemLabel(item) : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const item = byId.get(String(active.id));
      return item ? `Picked up ${itemLabel(item)}, in ${titleOf(columnOf(item))}.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      const item = byId.get(String(active.id));
      const to = targetColumn(over);
      if (!item || !to) return `${nameOf(active.id)} is not over a column.`;
      const why = refusal(item, to);
      return why
        ? `${itemLabel(item)} is over ${titleOf(to)}: not allowed. ${why}`
        : `${itemLabel(item)} is over ${titleOf(to)}.`;
    },
    onDragEnd: ({ active, over }) => {
      const item = byId.get(String(active.id));
      const to = targetColumn(over);
      if (!item || !to) return `${nameOf(active.id)} was dropped outside the columns and stays where it was.`;
      return describeMove(item, to).message;
    },
    onDragCancel: ({ active }) => {
      const item = byId.get(String(active.id));
      return item ? `Move cancelled. ${itemLabel(item)} stays in ${titleOf(columnOf(item))}.` : undefined;
    },
  };
  // Moves made from a card's menu are announced here (drags by @dnd-kit's own live region).
  const [menuMessage, setMenuMessage] = useState("");

  const onDragStart = ({ active }: DragStartEvent) => setActiveId(String(active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const item = byId.get(String(active.id));
    const to = targetColumn(over);
    if (item && to) requestMove(item, to);
  };

  const active = activeId ? byId.get(activeId) : undefined;
  // On a phone one column fills the width: the switcher names the one in view and brings another.
  const scroller = useRef<HTMLDivElement>(null);
  const idsByColumn = new Map<C, string[]>();
  for (const item of items) {
    const c = columnOf(item);
    const ids = idsByColumn.get(c);
    if (ids) ids.push(getId(item));
    else idsByColumn.set(c, [getId(item)]);
  }
  // Rendered even when scrolled out of a long column: the card in the hand and the one just moved
  // (focus returns to it after a keyboard drop).
  const pinned = new Set([activeId, lastMoved].filter((id) => id !== null));
  const renderBoardCard = (id: string, place?: CardPlace) => {
    const item = byId.get(id);
    if (!item) return null;
    return (
      <BoardCard
        key={id}
        id={id}
        name={itemLabel(item)}
        pending={moved.has(id)}
        place={place}
        menu={<CardMenu id={id} name={itemLabel(item)} moveTargets={moveTargetsOf} onMoveTo={moveTo} />}
      >
        {bodies.get(id)}
      </BoardCard>
    );
  };

  return (
    <section aria-label={label} data-slot="kanban-board">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move this card, press Space or Enter to pick it up, use the arrow keys to choose a column, then press Space or Enter to drop it, or Escape to cancel. The card's menu offers the same moves.",
          },
        }}
      >
        <ColumnSwitcher
          columns={columns.map((c) => ({ ...c, count: idsByColumn.get(c.id)?.length ?? 0 }))}
          scroller={scroller}
        />
        <div
          ref={scroller}
          className="relative flex gap-4 overflow-x-auto pb-2 max-sm:snap-x max-sm:snap-mandatory max-sm:gap-3"
        >
          {columns.map((col) => {
            const ids = idsByColumn.get(col.id) ?? [];
            const refused = active ? refusal(active, col.id) : null;
            return (
              <BoardColumn key={col.id} column={col} count={ids.length} refused={refused !== null}>
                <CardList ids={ids} pinned={pinned} renderCard={renderBoardCard} />
              </BoardColumn>
            );
          })}
        </div>
        <DragOverlay>
          {active ? (
            <div className="rounded-md border bg-background p-3 shadow-lg">{renderCard(active)}</div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <p role="status" className="sr-only">
        {menuMessage}
      </p>
    </section>
  );
}

function BoardColumn<C extends string>({
  column,
  count,
  refused,
  children,
}: {
  column: KanbanColumn<C>;
  count: number;
  refused: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnDroppableId(column.id) });
  const headingId = `kanban-${column.id}`;
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-labelledby={headingId}
      data-column={column.id}
      className={cn(
        "flex w-72 shrink-0 flex-col gap-2 rounded-lg border bg-muted/40 p-2 transition-colors max-sm:w-full max-sm:snap-start",
        isOver && !refused && "border-ring bg-accent",
        refused && "opacity-50",
      )}
    >
      <h3 id={headingId} className="flex items-center justify-between gap-2 px-1 text-sm font-semibold">
        <span className="min-w-0 truncate" title={column.title}>
          {column.title}
        </span>
        <span className="rounded-full bg-background px-2 text-xs font-normal text-muted-foreground">
          {count}
          <span className="sr-only"> {count === 1 ? "card" : "cards"}</span>
        </span>
      </h3>
      {column.summary && (
        <p className="-mt-1 truncate px-1 text-xs text-muted-foreground tabular-nums" title={column.summary}>
          {column.summary}
        </p>
      )}
      {children}
    </div>
  );
}

function BoardCard({
  id,
  name,
  pending,
  place,
  menu,
  children,
}: {
  id: string;
  name: string;
  pending: boolean;
  place: CardPlace | undefined;
  menu: ReactNode;
  children: ReactNode;
}) {
  // Draggable, not sortable: a card's place in its column follows the data, and 500 sortable cards
  // were 500 droppables measured and re-sorted on every pick-up (the overlay shows the moving card).
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id });
  return (
    <li
      ref={setNodeRef}
      data-card-id={id}
      aria-busy={pending || undefined}
      aria-setsize={place?.size}
      aria-posinset={place && place.index + 1}
      className={cn(
        "flex items-start gap-1 rounded-md border bg-background p-2 shadow-xs",
        isDragging && "opacity-40",
        pending && "animate-pulse",
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="mt-0.5 cursor-grab rounded-sm p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        {...attributes}
        {...listeners}
        aria-label={`Move ${name}`}
      >
        {GRIP}
      </button>
      <div className="min-w-0 flex-1">{children}</div>
      {menu}
    </li>
  );
}

/**
 * A card's "Move to…" menu. Until first opened it is a plain button: a board of 500 cards would
 * otherwise mount 500 menus (and work out every card's allowed moves) before it first paints.
 */
const CardMenu = memo(function CardMenu({
  id,
  name,
  moveTargets,
  onMoveTo,
}: {
  id: string;
  name: string;
  /** Asked only when the menu opens. */
  moveTargets: (id: string) => Array<KanbanColumn<string> & { refused: string | null }>;
  onMoveTo: (id: string, to: string) => void;
}) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-label={`Move ${name} to…`}
      aria-haspopup="menu"
      onClick={
        armed
          ? undefined
          : () => {
              setArmed(true);
              setOpen(true);
            }
      }
    >
      {MORE}
    </Button>
  );
  if (!armed) return trigger;
  const allowed = open ? moveTargets(id).filter((t) => !t.refused) : [];
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        {allowed.length === 0 && (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">No moves allowed from here</p>
        )}
        {allowed.map((t) => (
          <DropdownMenuItem key={t.id} onSelect={() => onMoveTo(id, t.id)}>
            {t.title}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
