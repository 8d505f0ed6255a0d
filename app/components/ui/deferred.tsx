/**
 * Radix's overlays — dialogs with their focus trap and scroll lock, menus with their positioning —
 * weigh ~30 KB gzip that a screen needs only once someone opens one. The overlay primitives of
 * this folder keep that code out of a screen's first download: their root renders the trigger
 * at once, loads the Radix part when the overlay is wanted (opened, or the pointer or focus on
 * its trigger) or when the browser is idle after the screen shows, and then renders Radix's
 * own components with the same props.
 */
import { Slot } from "radix-ui";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";

export interface Deferred<M> {
  /** The module once loaded. */
  readonly current: M | undefined;
  load(): Promise<M>;
}

export function deferred<M>(importer: () => Promise<M>): Deferred<M> {
  let mod: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    get current() {
      return mod;
    },
    load() {
      loading ??= importer().then((m) => (mod = m));
      return loading;
    },
  };
}

const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === "function"
    ? requestIdleCallback(fn, { timeout: 3000 })
    : setTimeout(fn, 200);

/**
 * The module, once loaded: asked for at once when `wanted`, otherwise when the browser is idle
 * after the first render (so an overlay opens without waiting, yet never delays the screen).
 */
export function useDeferred<M>(d: Deferred<M>, wanted: boolean): M | undefined {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (d.current) return;
    let live = true;
    const done = () => live && loaded();
    if (wanted) void d.load().then(done, (e: unknown) => console.error("overlay code failed to load:", e));
    else whenIdle(() => void d.load().then(done, () => {}));
    return () => {
      live = false;
    };
  }, [d, wanted]);
  return d.current;
}

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
  modal?: boolean;
  children?: ReactNode;
}

interface DialogState {
  open: boolean;
  setOpen(open: boolean): void;
  /** The trigger, where focus returns when the dialog closes. */
  triggerRef: RefObject<HTMLElement | null>;
}

/**
 * A Radix dialog family (Dialog, AlertDialog) whose code loads on demand. The root keeps the
 * open state itself and drives Radix's root as a controlled component; its trigger is a plain
 * button (or the child given with `asChild`) that opens it, so nothing but the trigger renders
 * before the code is there. `returnFocus` goes on the content's `onCloseAutoFocus`.
 */
export function deferredDialog<M>(d: Deferred<M>, pick: (m: M) => ComponentType<RootProps>, popup: "dialog") {
  const State = createContext<DialogState | null>(null);

  function Root({ open: openProp, defaultOpen, onOpenChange, modal, children }: RootProps) {
    const [own, setOwn] = useState(defaultOpen ?? false);
    const open = openProp ?? own;
    const setOpen = useCallback(
      (next: boolean) => {
        if (openProp === undefined) setOwn(next);
        onOpenChange?.(next);
      },
      [openProp, onOpenChange],
    );
    const triggerRef = useRef<HTMLElement | null>(null);
    const mod = useDeferred(d, open);
    const state = useMemo(() => ({ open, setOpen, triggerRef }), [open, setOpen]);
    const RadixRoot = mod ? pick(mod) : null;
    return (
      <State.Provider value={state}>
        {RadixRoot ? (
          <RadixRoot open={open} onOpenChange={setOpen} modal={modal}>
            {children}
          </RadixRoot>
        ) : (
          children
        )}
      </State.Provider>
    );
  }

  function Trigger({ asChild, onClick, ...props }: ComponentProps<"button"> & { asChild?: boolean }) {
    const state = useContext(State);
    const Comp = asChild ? Slot.Root : "button";
    return (
      <Comp
        type={asChild ? undefined : "button"}
        aria-haspopup={popup}
        aria-expanded={state?.open ?? false}
        data-state={state?.open ? "open" : "closed"}
        ref={(el: HTMLElement | null) => {
          if (state) state.triggerRef.current = el;
        }}
        onPointerEnter={() => void d.load()}
        onClick={(e: MouseEvent<HTMLButtonElement>) => {
          onClick?.(e);
          if (!e.defaultPrevented) state?.setOpen(true);
        }}
        {...props}
      />
    );
  }

  function Close({ asChild, onClick, ...props }: ComponentProps<"button"> & { asChild?: boolean }) {
    const state = useContext(State);
    const Comp = asChild ? Slot.Root : "button";
    return (
      <Comp
        type={asChild ? undefined : "button"}
        onClick={(e: MouseEvent<HTMLButtonElement>) => {
          onClick?.(e);
          if (!e.defaultPrevented) state?.setOpen(false);
        }}
        {...props}
      />
    );
  }

  /** For the content's `onCloseAutoFocus`: back to the trigger, as Radix's own trigger would get it. */
  function useReturnFocus(onCloseAutoFocus?: (e: Event) => void) {
    const state = useContext(State);
    return (e: Event) => {
      onCloseAutoFocus?.(e);
      const trigger = state?.triggerRef.current;
      if (e.defaultPrevented || !trigger?.isConnected) return;
      e.preventDefault();
      trigger.focus();
    };
  }

  return { Root, Trigger, Close, useReturnFocus };
}
