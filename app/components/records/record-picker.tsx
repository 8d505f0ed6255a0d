/**
 * Picks one record of another module (a property, a contact, a deal) by typing part of its name:
 * a combobox (ARIA 1.2 pattern: the input owns a listbox; ↑/↓ move, Enter picks, Escape closes)
 * over the caller's search — which goes through that table's RLS, so only what the user may see
 * is offered. The current value's name comes from `resolve`. `value` is an id or "" (none).
 *
 *   <Field label="Property">{(c) => <RecordPicker {...c} value={v} onChange={set} search={searchProperties} resolve={propertyName} />}</Field>
 */
import { Loader2Icon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

export interface PickerOption {
  id: string;
  label: string;
  description?: string;
}

export interface RecordPickerProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
  value: string;
  onChange: (id: string) => void;
  search: (term: string, signal: AbortSignal) => Promise<PickerOption[]>;
  /** The name of a chosen record (shown while not typing). */
  resolve: (id: string) => Promise<string | null>;
  placeholder?: string;
  /** What the record is ("property"), for the clear button's name. */
  noun: string;
  disabled?: boolean;
}

const DEBOUNCE_MS = 250;

export function RecordPicker({
  value,
  onChange,
  search,
  resolve,
  placeholder,
  noun,
  disabled,
  ...aria
}: RecordPickerProps) {
  const listId = useId();
  const [text, setText] = useState("");
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The chosen record's name (a value set from outside, e.g. a link from another screen).
  useEffect(() => {
    let alive = true;
    if (!value) setChosenName(null);
    else
      void resolve(value).then(
        (name) => alive && setChosenName(name ?? "Unknown record"),
        () => alive && setChosenName("Unknown record"),
      );
    return () => {
      alive = false;
    };
  }, [value, resolve]);

  useEffect(() => {
    if (!typing) return;
    const term = text.trim();
    if (term.length < 2) {
      setOptions([]);
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      search(term, ctrl.signal)
        .then((found) => {
          setOptions(found);
          setActive(0);
          setOpen(true);
        })
        .catch((e: unknown) => {
          if (!ctrl.signal.aborted) console.error(`record picker: searching ${noun}s failed`, e);
        })
        .finally(() => !ctrl.signal.aborted && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, typing, search, noun]);

  const pick = (o: PickerOption) => {
    onChange(o.id);
    setChosenName(o.label);
    setTyping(false);
    setText("");
    setOpen(false);
  };

  const shown = typing ? text : (chosenName ?? (value ? "…" : ""));
  const activeId = open && options[active] ? `${listId}-${active}` : undefined;

  return (
    <div className="relative">
      <div className="flex gap-1">
        <Input
          {...aria}
          ref={inputRef}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder ?? `Type to find a ${noun}`}
          value={shown}
          onChange={(e) => {
            setTyping(true);
            setText(e.target.value);
          }}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={() => {
            // Leaving without picking keeps the previous choice.
            setTimeout(() => {
              setOpen(false);
              setTyping(false);
              setText("");
            }, 150);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && options.length) {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, options.length - 1));
            } else if (e.key === "ArrowUp" && options.length) {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === "Enter" && open && options[active]) {
              e.preventDefault();
              pick(options[active]);
            } else if (e.key === "Escape" && open) {
              e.preventDefault();
              setOpen(false);
            }
          }}
        />
        {value && !disabled && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Clear the ${noun}`}
            onClick={() => (onChange(""), setChosenName(null), inputRef.current?.focus())}
          >
            <XIcon aria-hidden="true" />
          </Button>
        )}
      </div>
      {loading && (
        <Loader2Icon
          className="absolute right-12 top-3 size-4 animate-spin text-muted-foreground"
          aria-hidden="true"
        />
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={`Matching ${noun}s`}
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-md"
      >
        {open && options.length === 0 && (
          <li className="px-2 py-1.5 text-muted-foreground">
            No {noun} matches “{text.trim()}”.
          </li>
        )}
        {options.map((o, i) => (
          <li
            key={o.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn("cursor-pointer rounded-sm px-2 py-1.5", i === active && "bg-accent")}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(o)}
          >
            <span className="block font-medium">{o.label}</span>
            {o.description && <span className="block text-xs text-muted-foreground">{o.description}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
