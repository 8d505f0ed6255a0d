/**
 * The SPA's router, built from the route table in core/routes.ts: public pages in the
 * public layout, back-office modules in the (lazy) dashboard layout behind guards, /leads-hunt
 * guarded without the layout, and the not-found page for everything else. The host kind decides
 * what "/" and "/properties" are.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from "react";
import {
  Navigate,
  Outlet,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from "react-router";
import { originOf, type HostKind } from "#core/hosts.ts";
import { requiredAccess, ROUTES, type RouteDef } from "#core/routes.ts";
import { PageSpinner } from "./components/ui/spinner.tsx";
import { CollabRoot } from "./features/partner-portal/collab-root.tsx";
import { hostRootPages, PublicLayout, publicPages } from "./features/public/pages.ts";
import { RequireAccess } from "./features/shell/require-access.tsx";
import { RouteErrorBoundary } from "./features/shell/route-error-page.tsx";
import { createBlockingHistory } from "./lib/navigation-blocker.ts";
import { useSessionState } from "./lib/session.tsx";
import { useHydrated } from "./lib/use-hydrated.ts";
import { siteConfig } from "./lib/site-config.ts";
import { urlSessionAtLoad } from "./lib/url-session.ts";

// Lazy like every page: keeps its UI kit (class merge, cva) out of the entry chunk.
const NotFoundPage = lazy(() => import("./features/public/pages/not-found-page.tsx"));
const OfficeNotFoundPage = lazy(() => import("./features/shell/office-not-found-page.tsx"));
const SignInPage = lazy(() => import("./features/auth/sign-in-page.tsx"));
const ResetPasswordPage = lazy(() => import("./features/auth/reset-password-page.tsx"));
// The back-office: the frame and the page for a path come from the module registry, all lazy, so
// the public site never downloads module code (scripts/size.ts checks).
const DashboardLayout = lazy(() => import("./features/shell/dashboard-layout.tsx"));
const BackOfficePage = lazy(() => import("./features/shell/back-office-page.tsx"));
// A signed-in screen outside the frame (the leads hunt) loads its own entry, not the registry.
const FieldPage = lazy(() => import("./features/shell/field-page.tsx"));
// Needed only when the page was opened from a stale sign-in link: loaded then, not on every page.
const StaleLinkWarning = lazy(() => import("./features/shell/stale-link-warning.tsx"));

function Page({ component: Component }: { component: LazyExoticComponent<ComponentType> | ComponentType }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
      <PageReady />
    </Suspense>
  );
}

/**
 * Marks the document once the page's own code runs (after hydrating a prerendered page, or after
 * the first client render): `<html data-hydrated>`. Until then a prerendered page shows but does
 * not yet respond; browser tests wait for the mark before interacting.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/** Full-page navigation to another host (the form hosts, or the main site). */
function ExternalRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <PageSpinner />;
}

/** A recovery link may land anywhere: PASSWORD_RECOVERY always leads to the set-a-new-password page. */
function RecoveryRedirect() {
  // A recovery link puts a session in the URL, which attaches the auth client by itself.
  const { lastEvent } = useSessionState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (lastEvent !== "PASSWORD_RECOVERY") {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    if (pathname !== "/auth/reset-password") navigate("/auth/reset-password", { replace: true });
  }, [lastEvent, pathname, navigate]);
  return null;
}

function Root() {
  // After hydrating: a prerendered page was rendered without the visitor's URL session.
  const hydrated = useHydrated();
  return (
    <>
      {hydrated && urlSessionAtLoad?.stale && (
        <Suspense fallback={null}>
          <StaleLinkWarning />
        </Suspense>
      )}
      <RecoveryRedirect />
      <Outlet />
    </>
  );
}

function hostRoot(kind: HostKind): ReactNode {
  switch (kind) {
    case "crm":
    case "preview":
      return <Navigate to="/dashboard" replace />;
    case "consult":
    case "bookings":
    case "request":
      return <Page component={hostRootPages[kind]} />;
    case "collab":
      return <CollabRoot marketing={<Page component={hostRootPages.collab} />} />;
    case "other":
      return <ExternalRedirect to={`${originOf("main", siteConfig.hosts)}/`} />;
    case "main":
      return publicElement("/");
  }
}

const REDIRECT_HOST: Record<string, "request" | "consult"> = {
  "/property-request-form": "request",
  "/consultation": "consult",
};

function publicElement(path: string): ReactNode {
  const page = publicPages[path];
  if (page) return <Page component={page} />;
  const host = REDIRECT_HOST[path];
  if (host) return <ExternalRedirect to={`${originOf(host, siteConfig.hosts)}/`} />;
  return <Page component={NotFoundPage} />;
}

function guarded(def: RouteDef, node: ReactNode): ReactNode {
  const access = requiredAccess(def);
  return access === "public" ? node : <RequireAccess access={access}>{node}</RequireAccess>;
}

function backOffice(path: string, field = false): ReactNode {
  return (
    <Suspense fallback={<PageSpinner />}>
      {field ? <FieldPage path={path} /> : <BackOfficePage path={path} />}
      <PageReady />
    </Suspense>
  );
}

/** The route objects for one host kind (exported for tests and the size report). */
export function buildRoutes(kind: HostKind): RouteObject[] {
  const publicChildren: RouteObject[] = [];
  const officeChildren: RouteObject[] = [];
  const bare: RouteObject[] = [];

  for (const def of ROUTES) {
    if (def.path === "/") {
      publicChildren.push({ path: "/", element: hostRoot(kind) });
      continue;
    }
    if (def.path === "/properties" && kind === "crm") {
      // On the CRM host /properties is the back-office properties screen, behind login.
      officeChildren.push({
        path: def.path,
        element: guarded({ ...def, layout: "dashboard", access: "login" }, backOffice("/properties-admin")),
      });
      continue;
    }
    if (def.path === "/auth") {
      bare.push({ path: def.path, element: <Page component={SignInPage} /> });
    } else if (def.path === "/auth/reset-password") {
      bare.push({ path: def.path, element: <Page component={ResetPasswordPage} /> });
    } else if (def.layout === "public") {
      publicChildren.push({ path: def.path, element: publicElement(def.path) });
    } else if (def.layout === "dashboard") {
      officeChildren.push({ path: def.path, element: guarded(def, backOffice(def.path)) });
    } else {
      bare.push({ path: def.path, element: guarded(def, backOffice(def.path, true)) });
    }
  }
  // The CRM host is the back-office: an unknown path there stays inside its frame.
  if (kind === "crm") officeChildren.push({ path: "*", element: <Page component={OfficeNotFoundPage} /> });
  else publicChildren.push({ path: "*", element: <Page component={NotFoundPage} /> });

  return [
    {
      element: (
        <RouteErrorBoundary>
          <Root />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: (
            <Suspense fallback={<PageSpinner />}>
              <PublicLayout />
            </Suspense>
          ),
          children: publicChildren,
        },
        {
          element: (
            <RequireAccess access="login">
              <Page component={DashboardLayout} />
            </RequireAccess>
          ),
          children: officeChildren,
        },
        ...bare,
      ],
    },
  ];
}

/** The route tree of this page's host; the same element renders inside a static router at build time. */
export function AppRoutes({ kind }: { kind: HostKind }) {
  const [routes] = useState(() => buildRoutes(kind));
  return useRoutes(routes);
}

/**
 * The browser's router: declarative, over a history that lets a screen hold navigations
 * (lib/navigation-blocker.ts) — the data router would add ~18 KB gzip to every page.
 */
export function AppRouter() {
  const [history] = useState(createBlockingHistory);
  return (
    <HistoryRouter history={history}>
      <AppRoutes kind={siteConfig.hostKind} />
    </HistoryRouter>
  );
}
