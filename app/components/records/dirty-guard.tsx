/**
 * Keeps unsaved edits from being lost: while a form is dirty, leaving it inside the app (a link,
 * Back, closing an editor that lives in the URL) asks first, and closing or reloading the tab
 * gets the browser's own "Leave site?" prompt (beforeunload).
 */
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { useNavigationBlocker, type BlockerFunction } from "#app/lib/navigation-blocker.ts";

export interface DirtyGuard {
  /** The confirmation dialog; render it once. */
  element: ReactNode;
  /** Lets the next navigation through without asking (after a successful save). */
  allowNextNavigation: () => void;
}

export function useDirtyGuard(isDirty: boolean): DirtyGuard {
  // Read at navigation time, not render time: a save resets the form and navigates in one go.
  const dirty = useRef(isDirty);
  const bypass = useRef(false);
  useEffect(() => {
    dirty.current = isDirty;
    if (!isDirty) bypass.current = false;
  }, [isDirty]);

  const blocker = useNavigationBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty.current &&
        !bypass.current &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (bypass.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  const element = (
    <AlertDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.state === "blocked" && blocker.reset()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Discard unsaved changes?</AlertDialogTitle>
          <AlertDialogDescription>
            You have changes that are not saved. If you leave now, they are lost.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep editing</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => blocker.state === "blocked" && blocker.proceed()}
          >
            Discard changes
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  const allowNextNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  return { element, allowNextNavigation };
}
