/**
 * The command palette (Ctrl/⌘-K): jump to any screen the role may open, and search the records
 * of every module that offers a search (module.ts `search`), each through the user's own RLS.
 * Providers load on first use; typing debounces and aborts the previous search.
 */
import { Command } from "cmdk";
import { LoaderIcon, SearchIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import type { BackOfficeModule, SearchHit, SearchProvider } from "#app/lib/modules/define-module.ts";
import { useSession } from "#app/lib/session.tsx";
import { modulesFor } from "#app/modules.ts";

const providers = new Map<string, Promise<SearchProvider>>();
function providerOf(m: BackOfficeModule): Promise<SearchProvider> | null {
  if (!m.search) return null;
  let p = providers.get(m.id);
  if (!p) {
    p = m.search();
    providers.set(m.id, p);
  }
  return p;
}

interface Found {
  module: BackOfficeModule;
  hits: SearchHit[];
}

/** Record search across modules: results per module, newest query wins. */
function useRecordSearch(modules: BackOfficeModule[], query: string) {
  const [results, setResults] = useState<Found[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string[]>([]);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults([]);
      setBusy(false);
      return;
    }
    const ctrl = new AbortController();
    setBusy(true);
    const timer = setTimeout(() => {
      const searchable = modules.filter((m) => m.search);
      void Promise.allSettled(
        searchable.map(async (m) => ({
          module: m,
          hits: await (await providerOf(m))!.search(q, ctrl.signal),
        })),
      ).then((settled) => {
        if (ctrl.signal.aborted) return;
        setResults(
          settled.flatMap((s) => (s.status === "fulfilled" && s.value.hits.length ? [s.value] : [])),
        );
        setFailed(settled.flatMap((s, i) => (s.status === "rejected" ? [searchable[i]!.title] : [])));
        setBusy(false);
      });
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [modules, query]);
  return { results, busy, failed };
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
  const { results, busy, failed } = useRecordSearch(modules, open ? query : "");
  const inputRef = useRef<HTMLInputElement>(null);

  const screens = useMemo(() => {
    const all = modules.flatMap((m) => [
      { path: m.route.path, title: m.title, icon: m.icon, group: m.group },
      ...m.routes
        .filter((r) => !r.route.path.includes(":"))
        .map((r) => ({ path: r.route.path, title: r.route.title, icon: m.icon, group: m.group })),
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
              placeholder="Go to… or search listings, contacts, deals"
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
            {results.map(({ module, hits }) => (
              <Command.Group
                key={module.id}
                heading={module.title}
                className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
              >
                {hits.map((hit) => (
                  <Command.Item
                    key={`${module.id}:${hit.id}`}
                    value={`${module.id}:${hit.id}`}
                    onSelect={() => go(hit.href)}
                    className="flex cursor-pointer flex-col items-start rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent"
                  >
                    <span className="font-medium">{hit.title}</span>
                    {hit.subtitle && <span className="text-xs text-muted-foreground">{hit.subtitle}</span>}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
            {failed.length > 0 && (
              <p className="px-2 py-2 text-xs text-destructive">
                Search failed in: {failed.join(", ")}. Try again.
              </p>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
