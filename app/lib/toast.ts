/**
 * Toasts without the toast library in a screen's first download: `toast(...)`,
 * `toast.success(...)`, `toast.error(...)` and `toast.warning(...)` take sonner's arguments and
 * hand them to sonner once it has loaded (the toaster itself mounts lazily on every page, so
 * the library is usually there by the time anyone acts). Calls made before it arrives are shown
 * in order as soon as it does.
 */
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Message = Parameters<typeof sonnerToast>[0];
type Kind = "message" | "success" | "error" | "warning";

let loaded: typeof sonnerToast | null = null;
let loading: Promise<typeof sonnerToast> | null = null;

function load(): Promise<typeof sonnerToast> {
  loading ??= import("sonner").then((m) => (loaded = m.toast));
  return loading;
}

function show(kind: Kind, message: Message, data?: ExternalToast): void {
  const run = (t: typeof sonnerToast) => (kind === "message" ? t(message, data) : t[kind](message, data));
  if (loaded) run(loaded);
  else
    void load().then(run, (e: unknown) => {
      // A toast must never break the action that asked for it; the console keeps the message.
      console.error("toast library failed to load:", e, message);
    });
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show("message", message, data),
  {
    success: (message: Message, data?: ExternalToast) => show("success", message, data),
    error: (message: Message, data?: ExternalToast) => show("error", message, data),
    warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
  },
);
