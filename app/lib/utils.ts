import { clsx, type ClassValue } from "clsx";
import { mergeClasses } from "./class-merge.ts";

/** Merges class names, later Tailwind utilities winning over earlier ones (shadcn/ui's `cn`). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
