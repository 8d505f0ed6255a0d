/**
 * A panel that slides in from an edge (shadcn/ui sheet on the Radix dialog, loaded on demand —
 * see deferred.tsx): modal, focus kept inside, Escape closes. Record editors and filter panels
 * on small screens open in one.
 */
import type { ComponentProps } from "react";
import { cn } from "#app/lib/utils.ts";
import { deferredDialog } from "./deferred.tsx";
import { dialogParts } from "./dialog.tsx";
import type * as Parts from "./dialog-parts.tsx";

const family = deferredDialog(dialogParts, (m) => m.DialogRoot, "dialog");

export const Sheet = family.Root;
export const SheetTrigger = family.Trigger;
export const SheetClose = family.Close;

export function SheetContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof Parts.SheetContent>) {
  const returnFocus = family.useReturnFocus(onCloseAutoFocus);
  const Content = dialogParts.current?.SheetContent;
  return Content ? <Content onCloseAutoFocus={returnFocus} {...props} /> : null;
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sheet-header"
      className={cn("flex flex-col gap-1.5 border-b p-4 pr-12", className)}
      {...props}
    />
  );
}

export function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sheet-footer"
      className={cn("mt-auto flex flex-col gap-2 border-t p-4 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function SheetTitle(props: ComponentProps<typeof Parts.SheetTitle>) {
  const Title = dialogParts.current?.SheetTitle;
  return Title ? <Title {...props} /> : null;
}

export function SheetDescription(props: ComponentProps<typeof Parts.SheetDescription>) {
  const Description = dialogParts.current?.SheetDescription;
  return Description ? <Description {...props} /> : null;
}
