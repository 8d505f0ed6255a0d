/**
 * Status tabs with counts above a list ("New 4 · Assigned 2 · Done 17 · All"): one status at a
 * time narrows the list. A tablist with arrow-key movement; the counts come from the module
 * (e.g. a count-by-status RPC, so they respect record-level access). Shared by the inboxes and
 * any list worked by status.
 */
import { useRef, type KeyboardEvent } from "react";
import { cn } from "#app/lib/utils.ts";

export interface StatusTab {
  /** null: every status ("All"). */
  value: string | null;
  label: string;
  count?: number | null;
}

export function StatusTabs({
  label,
  tabs,
  value,
  onChange,
  controls,
}: {
  label: string;
  tabs: readonly StatusTab[];
  value: string | null;
  onChange: (v: string | null) => void;
  controls?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.value === value),
  );
  function onKeyDown(e: KeyboardEvent) {
    const delta =
      e.key === "ArrowRight"
        ? 1
        : e.key === "ArrowLeft"
          ? -1
          : e.key === "Home"
            ? -current
            : e.key === "End"
              ? tabs.length - 1 - current
              : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (current + delta + tabs.length) % tabs.length;
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b" onKeyDown={onKeyDown}>
      {tabs.map((t, i) => {
        const selected = i === current;
        return (
          <button
            key={t.value ?? "all"}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={controls}
            tabIndex={selected ? 0 : -1}
            data-status-tab={t.value ?? "all"}
            onClick={() => onChange(t.value)}
            className={cn(
              "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
              selected
                ? "border-primary font-semibold text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t.label}
            {t.count !== undefined && t.count !== null && (
              <span
                className={cn(
                  "rounded-full px-1.5 text-xs tabular-nums",
                  selected ? "bg-primary text-primary-foreground" : "bg-muted",
                )}
                aria-label={`${t.count} records`}
              >
                {t.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
