/**
 * Filter controls for a list toolbar, bound to the URL state of use-list-query.ts: a search box
 * (debounced, Escape clears), a single choice (native select with "Any"), a multiple choice (a
 * menu of checkboxes) and the note that says which URL values were ignored and why.
 */
import { ChevronDownIcon, SearchIcon, XIcon } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import type { ListQueryIssue } from "#core/records/list-query.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/utils.ts";

export interface FilterOption<V extends string = string> {
  value: V;
  label: string;
}

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What is typed in a filter box: it follows `value` when the URL changes from elsewhere (Back,
 * "Clear filters") and commits the trimmed text after a pause in typing — unless `refuse`
 * says it is not valid. Our own commit comes back trimmed, which must not eat the space just
 * typed between two words.
 */
function useDraft(
  value: string,
  commit: (text: string) => void,
  refuse?: (text: string) => boolean,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    const next = text.trim();
    if (next === value.trim() || refuse?.(next)) return;
    const t = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value, commit, refuse]);
  return [text, setText];
}

/** Free-text search: writes to the URL after a pause in typing, at once on Enter. */
export function SearchInput({
  value,
  onChange,
  label = "Search",
  placeholder,
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useDraft(value, onChange);

  return (
    <div className={cn("relative w-full sm:w-64", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        className="h-9 pl-8"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onChange(text);
          if (e.key === "Escape" && text) {
            e.preventDefault();
            setText("");
            onChange("");
          }
        }}
      />
    </div>
  );
}

/**
 * A typed filter value (a city, an amount), written to the URL when the person stops typing or
 * presses Enter — unless `validate` (the module's shared schema) refuses it: the reason then
 * shows beside the box and the URL keeps the last good value.
 */
export function FilterText({
  label,
  value,
  onChange,
  validate,
  placeholder,
  inputMode,
  className,
}: {
  label: string;
  value: string;
  onChange: (v: string | undefined) => void;
  validate?: (v: string) => string | null;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "decimal";
  className?: string;
}) {
  const id = useId();
  const commit = useCallback((v: string) => onChange(v || undefined), [onChange]);
  const refuse = useCallback((v: string) => !!v && !!validate?.(v), [validate]);
  const [text, setText] = useDraft(value, commit, refuse);
  const problem = text.trim() && validate ? validate(text.trim()) : null;

  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground">
          {label}
        </label>
        <Input
          id={id}
          value={text}
          inputMode={inputMode}
          placeholder={placeholder}
          className="h-9 w-32"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !problem) onChange(text.trim() || undefined);
          }}
        />
      </div>
      {problem && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

/** One value or "Any": a native select, the best keyboard and phone behaviour. */
export function FilterSelect<V extends string>({
  label,
  options,
  value,
  onChange,
  anyLabel = "Any",
}: {
  label: string;
  options: readonly FilterOption<V>[];
  value: V | undefined;
  onChange: (v: V | undefined) => void;
  anyLabel?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {label}
      </label>
      <NativeSelect
        id={id}
        className="h-9 w-auto"
        value={value ?? ""}
        onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Several values: a menu of checkboxes that stays open while you tick. */
export function FilterMultiSelect<V extends string>({
  label,
  options,
  value = [],
  onChange,
}: {
  label: string;
  options: readonly FilterOption<V>[];
  value: readonly V[] | undefined;
  onChange: (v: V[] | undefined) => void;
}) {
  const chosen = new Set(value);
  const toggle = (v: V, on: boolean) => {
    const next = options.map((o) => o.value).filter((o) => (o === v ? on : chosen.has(o)));
    onChange(next.length ? next : undefined);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={cn("border-dashed", chosen.size && "border-solid")}>
          {label}
          {chosen.size > 0 && (
            <Badge tone="primary" className="ml-1 px-1.5">
              <span className="sr-only">, </span>
              {chosen.size}
              <span className="sr-only"> selected</span>
            </Badge>
          )}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {options.map((o) => (
          <DropdownMenuCheckboxItem
            key={o.value}
            checked={chosen.has(o.value)}
            onCheckedChange={(on) => toggle(o.value, on === true)}
            onSelect={(e) => e.preventDefault()}
          >
            {o.label}
          </DropdownMenuCheckboxItem>
        ))}
        {chosen.size > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onChange(undefined)}>
              <XIcon aria-hidden="true" />
              Clear {label.toLowerCase()}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Says which values in the address were ignored (a hand-edited or outdated link). */
export function ListIssues({
  issues,
  labels = {},
}: {
  issues: readonly ListQueryIssue[];
  labels?: Record<string, string>;
}) {
  if (!issues.length) return null;
  return (
    <Alert variant="warning" data-testid="list-issues">
      <div>
        <p className="font-medium">Some filters in the address were ignored:</p>
        <ul className="list-disc pl-5">
          {issues.map((i) => (
            <li key={`${i.param}:${i.message}`}>
              {labels[i.param] ?? i.param}: {i.message}
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
