import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { hostLink } from "../lib/links.ts";

const NAV = [
  { to: "/properties", label: "Properties" },
  { to: "/services", label: "Services" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
] as const;

export function Logo({ light = false }: { light?: boolean }) {
  return (
    <span className="flex items-center gap-2 font-semibold tracking-tight">
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="8" className={light ? "fill-amber-400" : "fill-emerald-800"} />
        <path d="M8 17 16 9l8 8v7h-5v-5h-6v5H8z" className={light ? "fill-emerald-950" : "fill-amber-300"} />
      </svg>
      <span className={`text-lg ${light ? "text-white" : "text-emerald-950"}`}>{COMPANY.name}</span>
    </span>
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700 ${
      isActive ? "text-emerald-800" : "text-stone-700"
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-emerald-700"
          aria-label={`${COMPANY.name} home`}
        >
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} className={linkClass}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a
            href={hostLink("consult")}
            className="hidden rounded-full bg-emerald-800 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 sm:inline-block"
          >
            Book a consultation
          </a>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-emerald-700 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-stone-200 bg-white md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} className={(s) => `block ${linkClass(s)} py-3 text-base`}>
                  {n.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a
                href={hostLink("consult")}
                className="mt-2 mb-3 block rounded-full bg-emerald-800 px-4 py-3 text-center font-semibold text-white"
              >
                Book a consultation
              </a>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
