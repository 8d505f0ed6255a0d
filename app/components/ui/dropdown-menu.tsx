/**
 * A menu opened from a button (Radix, loaded on demand — see deferred.tsx): arrow keys move,
 * Enter/Space choose, Escape closes, typing jumps to an item. Row actions, "Columns", bulk
 * actions and "Move to…" use it. Until the menu's code is there its trigger is a plain button
 * that asks for it (pointer down, Enter, Space, ArrowDown) and the menu opens once it arrives.
 */
import { Slot } from "radix-ui";
import {
  createContext,
  useContext,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { deferred, useDeferred } from "./deferred.tsx";
import type * as Parts from "./dropdown-menu-parts.tsx";

const parts = deferred(() => import("./dropdown-menu-parts.tsx"));

/** Set while the menu's code is not loaded: the trigger asks the root to open once it is. */
const Pending = createContext<{ request(): void } | null>(null);

export function DropdownMenu({
  open,
  defaultOpen,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof Parts.DropdownMenuRoot>) {
  const [asked, setAsked] = useState(false);
  const mod = useDeferred(parts, asked || !!open || !!defaultOpen);
  const pending = useMemo(
    () => ({
      request() {
        if (open !== undefined) onOpenChange?.(true);
        else setAsked(true);
      },
    }),
    [open, onOpenChange],
  );
  if (!mod) return <Pending.Provider value={pending}>{children}</Pending.Provider>;
  return (
    <mod.DropdownMenuRoot
      open={open}
      defaultOpen={defaultOpen ?? asked}
      onOpenChange={onOpenChange}
      {...props}
    >
      {children}
    </mod.DropdownMenuRoot>
  );
}

const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

export function DropdownMenuTrigger({ asChild, ...props }: ComponentProps<typeof Parts.DropdownMenuTrigger>) {
  const pending = useContext(Pending);
  const Trigger = parts.current?.DropdownMenuTrigger;
  if (!pending && Trigger) return <Trigger asChild={asChild} {...props} />;
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      type={asChild ? undefined : "button"}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerEnter={(e: PointerEvent<HTMLButtonElement>) => {
        props.onPointerEnter?.(e);
        void parts.load();
      }}
      onPointerDown={(e: PointerEvent<HTMLButtonElement>) => {
        props.onPointerDown?.(e);
        if (props.disabled || e.defaultPrevented || e.button !== 0 || e.ctrlKey) return;
        e.preventDefault();
        pending?.request();
      }}
      onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
        props.onKeyDown?.(e);
        if (props.disabled || e.defaultPrevented || !OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        pending?.request();
      }}
    />
  );
}

type Part = Exclude<keyof typeof Parts, "DropdownMenuRoot" | "DropdownMenuTrigger">;

/** A part that only renders inside an open menu, so after the code has loaded. */
function part<K extends Part>(key: K) {
  return function DeferredPart(props: ComponentProps<(typeof Parts)[K]>) {
    // The parts differ in props; each wrapper passes its own through unchanged.
    const Component = parts.current?.[key] as ComponentType<object> | undefined;
    return Component ? <Component {...(props as object)} /> : null;
  };
}

export const DropdownMenuContent = part("DropdownMenuContent");
export const DropdownMenuItem = part("DropdownMenuItem");
export const DropdownMenuCheckboxItem = part("DropdownMenuCheckboxItem");
export const DropdownMenuRadioItem = part("DropdownMenuRadioItem");
export const DropdownMenuLabel = part("DropdownMenuLabel");
export const DropdownMenuSeparator = part("DropdownMenuSeparator");
export const DropdownMenuSubTrigger = part("DropdownMenuSubTrigger");
export const DropdownMenuSubContent = part("DropdownMenuSubContent");
export const DropdownMenuGroup = part("DropdownMenuGroup");
export const DropdownMenuSub = part("DropdownMenuSub");
export const DropdownMenuRadioGroup = part("DropdownMenuRadioGroup");
