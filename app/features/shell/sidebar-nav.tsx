/**
 * The back-office navigation: modules the user's role may open, in groups (sales, inboxes,
 * work, money, content, admin) that collapse and remember it per browser, each with its badge
 * (a lazily loaded count, e.g. overdue tasks) when it has one. Reads the registry.
 */
import { ChevronDownIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { NavLink } from "react-router";
import { NAV_GROUPS, type NavGroupId } from "#app/lib/modules/define-module.ts";
import { useSession } from "#app/lib/session.tsx";
import { cn } from "#app/lib/utils.ts";
import { modulesFor } from "#app/modules.ts";

const COLLAPSED_KEY = "ghana-realty-nav-collapsed";

function readCollapsed(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { role } = useSession();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const modules = modulesFor(role).filter((m) => m.nav);
  const toggle = (id: NavGroupId) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...next]));
      return next;
    });

  return (
    <nav aria-label="Back-office modules" className="flex flex-col gap-1 p-3">
      {NAV_GROUPS.map((group) => {
        const items = modules.filter((m) => m.group === group.id);
        if (items.length === 0) return null;
        const open = !collapsed.has(group.id);
        const listId = `nav-group-${group.id}`;
        return (
          <div key={group.id} className="flex flex-col">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => toggle(group.id)}
              className="flex items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {group.label}
              <ChevronDownIcon
                className={cn("size-3.5 transition-transform", !open && "-rotate-90")}
                aria-hidden="true"
              />
            </button>
            <ul id={listId} hidden={!open} className="flex flex-col gap-0.5 pb-2">
              {items.map(({ route, title, icon: Icon, badge: Badge }) => (
                <li key={route.path}>
                  <NavLink
                    to={route.path}
                    end={route.path === "/admin/blog"}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60",
                        isActive
                          ? "bg-accent font-semibold text-accent-foreground"
                          : "text-sidebar-foreground",
                      )
                    }
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {title}
                    {Badge && (
                      <Suspense fallback={null}>
                        <Badge />
                      </Suspense>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
