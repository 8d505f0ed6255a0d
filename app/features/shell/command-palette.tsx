/**
 * The command palette (Ctrl/⌘-K): jump to any screen the role may open, and search every kind of
 * record the user may read (public.search_records, through their own RLS) by a word of its title,
 * a person's name, a phone in any format, an e-mail or a number — grouped by kind, best match
 * first. Typing debounces and aborts the previous search.
 */
import { Command } from "cmdk";
import { LoaderIcon, SearchIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  groupSearchRows,
  SEARCH_KIND_LABELS,
  SEARCH_KIND_MODULES,
  SEARCH_KINDS,
  searchHitView,
  type SearchKind,
  type SearchRow,
} from "#core/search/record-search.ts";
import { normaliseSearchTerm } from "#core/search/search-term.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { searchRecords } from "#app/lib/record-search-api.ts";
import { useSession } from "#app/lib/session.tsx";
import { furtherRoutes, modulesFor } from "#app/modules.ts";

/**
 * Record search across every kind: one request per query, the newest query wins; terms that
 * differ only in case or spacing are one query (typing a space asks nothing new).
 */
function useRecordSearch(kinds: readonly SearchKind[], query: string) {
  const [rows, setRows] = useState<SearchRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const q = normaliseSearchTerm(query)?.key ?? "";
  useEffect(() => {
    if (!q) {
      setRows([]);
      setBusy(false);
      setFailed(null);
      return;
    }
    const ctrl = new AbortController();
    setBusy(true);
    const timer = setTimeout(() => {
      searchRecords(q, kinds, ctrl.signal).then(
        (found) => {
          if (ctrl.signal.aborted) return;
          setRows(found);
          setFailed(null);
          setBusy(false);
        },
        (e: unknown) => {
          if (ctrl.signal.aborted) return;
          setRows([]);
          setFailed(describeDbError(e).message);
          setBusy(false);
        },
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [kinds, q]);
  return { rows, busy, failed };
}

export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { role } = useSession();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const modules = useMemo(() => modulesFor(role), [role]);
  // Only kinds whose screen the user may open; RLS decides which records of them.
  const kinds = useMemo(() => {
    const ids = new Set(modules.map((m) => m.id));
    return SEARCH_KINDS.filter((k) => ids.has(SEARCH_KIND_MODULES[k]));
  }, [modules]);
  const { rows, busy, failed } = useRecordSearch(kinds, open ? query : "");
  const fmt = useFormatters();
  const groups = useMemo(() => groupSearchRows(rows), [rows]);
  const inputRef = useRef<HTMLInputElement>(null);

  const screens = useMemo(() => {
    const all = modules.flatMap((m) => [
      { path: m.route.path, title: m.title, icon: m.icon, group: m.group },
      ...furtherRoutes(m)
        .filter((r) => !r.path.includes(":"))
        .map((r) => ({ path: r.path, title: r.title, icon: m.icon, group: m.group })),
    ]);
    const q = query.trim().toLowerCase();
    return q ? all.filter((s) => s.title.toLowerCase().includes(q) || s.path.includes(q)) : all;
  }, [modules, query]);

  const go = (href: string) => {
    onOpenChange(false);
    setQuery("");
    navigate(href);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[15%] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        onOpenAutoFocus={(e) => (e.preventDefault(), inputRef.current?.focus())}
      >
        <DialogTitle className="sr-only">Go to a screen or search records</DialogTitle>
        <DialogDescription className="sr-only">
          Type to filter screens; two letters or more also search the records you may see.
        </DialogDescription>
        <Command shouldFilter={false} label="Command palette" className="flex flex-col">
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <Command.Input
              ref={inputRef}
              value={query}
              onValueChange={setQuery}
              placeholder="Go to… or search contacts, deals, listings, invoices…"
              className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
            {busy && (
              <LoaderIcon className="size-4 animate-spin text-muted-foreground" aria-label="Searching" />
            )}
          </div>
          <Command.List className="max-h-[60vh] overflow-y-auto p-2">
            <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
              {busy ? "Searching…" : "Nothing matches."}
            </Command.Empty>
            {screens.length > 0 && (
              <Command.Group
                heading="Screens"
                className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
              >
                {screens.map(({ path, title, icon: Icon }) => (
                  <Command.Item
                    key={path}
                    value={`screen:${path}`}
                    onSelect={() => go(path)}
                    className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent"
                  >
                    <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                    {title}
                    <span className="ml-auto text-xs text-muted-foreground">{path}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            {groups.map(({ kind, rows: found }) => (
              <Command.Group
                key={kind}
                heading={SEARCH_KIND_LABELS[kind]}
                className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
              >
                {found.map((row) => {
                  const hit = searchHitView(row, fmt);
                  return (
                    <Command.Item
                      key={`${kind}:${hit.id}`}
                      value={`${kind}:${hit.id}`}
                      onSelect={() => go(hit.href)}
                      className="flex cursor-pointer flex-col items-start rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent"
                    >
                      <span className="font-medium [overflow-wrap:anywhere]">{hit.title}</span>
                      {hit.subtitle && (
                        <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                          {hit.subtitle}
                        </span>
                      )}
                    </Command.Item>
                  );
                })}
              </Command.Group>
            ))}
            {failed && (
              <p className="px-2 py-2 text-xs text-destructive">Search failed: {failed}. Try again.</p>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
