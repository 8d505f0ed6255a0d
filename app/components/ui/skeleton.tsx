/** A grey placeholder block shown while content loads (hidden from screen readers: the container says "loading"). */
import type { ComponentProps } from "react";
import { cn } from "#app/lib/utils.ts";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
