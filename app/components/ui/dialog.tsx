/**
 * A modal dialog (Radix Dialog, loaded on demand — see deferred.tsx): focus kept inside, Escape
 * and the close button close it, focus goes back to what opened it.
 */
import type { ComponentProps } from "react";
import { cn } from "#app/lib/utils.ts";
import { deferred, deferredDialog } from "./deferred.tsx";
import type * as Parts from "./dialog-parts.tsx";

export const dialogParts = deferred(() => import("./dialog-parts.tsx"));
const family = deferredDialog(dialogParts, (m) => m.DialogRoot, "dialog");

export const Dialog = family.Root;
export const DialogTrigger = family.Trigger;
export const DialogClose = family.Close;

export function DialogContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof Parts.DialogContent>) {
  const returnFocus = family.useReturnFocus(onCloseAutoFocus);
  const Content = dialogParts.current?.DialogContent;
  return Content ? <Content onCloseAutoFocus={returnFocus} {...props} /> : null;
}
export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}
export function DialogTitle(props: ComponentProps<typeof Parts.DialogTitle>) {
  const Title = dialogParts.current?.DialogTitle;
  return Title ? <Title {...props} /> : null;
}
export function DialogDescription(props: ComponentProps<typeof Parts.DialogDescription>) {
  const Description = dialogParts.current?.DialogDescription;
  return Description ? <Description {...props} /> : null;
}
