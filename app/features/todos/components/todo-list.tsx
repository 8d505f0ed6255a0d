/**
 * The checklist: each item a checkbox (its text is the label), a drag handle (pointer, or the
 * keyboard: Space picks up, ↑/↓ move, Space drops, Escape cancels — each step announced) and a
 * remove button. The new order is saved in one request.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVerticalIcon, XIcon } from "lucide-react";
import { useId } from "react";
import { moveItem, type TodoRow } from "#core/todos/todo-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { cn } from "#app/lib/utils.ts";

export interface TodoListProps {
  rows: readonly TodoRow[];
  onToggle: (row: TodoRow, done: boolean) => void;
  onRemove: (row: TodoRow) => void;
  onReorder: (ids: string[]) => void;
}

export function TodoList({ rows, onToggle, onRemove, onReorder }: TodoListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = rows.map((r) => r.id);
  const titleOf = (id: unknown) => rows.find((r) => r.id === id)?.title ?? "the todo";
  const positionOf = (id: unknown) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${titleOf(active.id)} stays where it was.`,
    onDragCancel: ({ active }) =>
      `Move cancelled. ${titleOf(active.id)} stays at position ${positionOf(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveItem(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space to pick the todo up, the up and down arrows to move it, Space to drop it, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul aria-label="Your todos" className="flex flex-col divide-y rounded-lg border bg-background">
          {rows.map((row) => (
            <TodoItem key={row.id} row={row} onToggle={onToggle} onRemove={onRemove} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function TodoItem({
  row,
  onToggle,
  onRemove,
}: {
  row: TodoRow;
  onToggle: TodoListProps["onToggle"];
  onRemove: TodoListProps["onRemove"];
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.id });
  const checkboxId = useId();
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-todo-id={row.id}
      className={cn(
        "group flex items-center gap-2 bg-background px-2 py-2",
        isDragging && "relative z-10 opacity-70 shadow-md",
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="cursor-grab rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${row.title}`}
      >
        <GripVerticalIcon className="size-4" aria-hidden="true" />
      </button>
      <Checkbox id={checkboxId} checked={row.done} onCheckedChange={(v) => onToggle(row, v === true)} />
      <label
        htmlFor={checkboxId}
        className={cn(
          "flex-1 cursor-pointer break-words text-sm",
          row.done && "text-muted-foreground line-through",
        )}
      >
        {row.title}
      </label>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
        aria-label={`Remove ${row.title}`}
        onClick={() => onRemove(row)}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}
