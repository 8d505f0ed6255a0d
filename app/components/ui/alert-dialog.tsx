/**
 * A confirmation that interrupts (Radix AlertDialog, loaded on demand — see deferred.tsx): focus
 * starts on the safe choice, Escape cancels. "Leave without saving?", "Delete 3 listings?".
 */
import type { ComponentProps } from "react";
import { cn } from "#app/lib/utils.ts";
import type * as Parts from "./alert-dialog-parts.tsx";
import { deferred, deferredDialog } from "./deferred.tsx";

const parts = deferred(() => import("./alert-dialog-parts.tsx"));
const family = deferredDialog(parts, (m) => m.AlertDialogRoot, "dialog");

export const AlertDialog = family.Root;
export const AlertDialogTrigger = family.Trigger;

export function AlertDialogContent({
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Parts.AlertDialogContent>) {
  const returnFocus = family.useReturnFocus(onCloseAutoFocus);
  const Content = parts.current?.AlertDialogContent;
  return Content ? <Content onCloseAutoFocus={returnFocus} {...props} /> : null;
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function AlertDialogTitle(props: ComponentProps<typeof Parts.AlertDialogTitle>) {
  const Title = parts.current?.AlertDialogTitle;
  return Title ? <Title {...props} /> : null;
}

export function AlertDialogDescription(props: ComponentProps<typeof Parts.AlertDialogDescription>) {
  const Description = parts.current?.AlertDialogDescription;
  return Description ? <Description {...props} /> : null;
}

export function AlertDialogAction(props: ComponentProps<typeof Parts.AlertDialogAction>) {
  const Action = parts.current?.AlertDialogAction;
  return Action ? <Action {...props} /> : null;
}

export function AlertDialogCancel(props: ComponentProps<typeof Parts.AlertDialogCancel>) {
  const Cancel = parts.current?.AlertDialogCancel;
  return Cancel ? <Cancel {...props} /> : null;
}
