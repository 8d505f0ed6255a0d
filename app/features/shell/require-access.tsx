/**
 * Route guards: login-required, admin-or-staff, admin-only — plus the AAL rule: a
 * user with a verified second factor who is still at aal1 goes to the two-factor screen, and one
 * the organisation's two-factor policy covers who has no factor yet goes to enrol it (Settings).
 * Signed-out visitors go to /auth and come back afterwards (`redirectTo`).
 */
import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { canAccess, type Access } from "#core/routes.ts";
import { PageSpinner } from "#app/components/ui/spinner.tsx";
import { needsSecondFactor, useSession } from "#app/lib/session.tsx";

const NoAccessPage = lazy(() => import("./no-access-page.tsx").then((m) => ({ default: m.NoAccessPage })));

export function signInPath(returnTo: string): string {
  return `/auth?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** Where a member the two-factor policy covers enrols: the two-factor section of Settings. */
export const ENROLMENT_PATH = "/settings";

export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { session, role, loading, aal, enrolmentPending, signOut } = useSession();
  const location = useLocation();
  if (access === "public") return children;
  if (loading) return <PageSpinner />;
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (!session || needsSecondFactor(aal)) return <Navigate to={signInPath(here)} replace />;
  if (enrolmentPending && location.pathname !== ENROLMENT_PATH)
    return <Navigate to={ENROLMENT_PATH} replace />;
  if (!canAccess(access, true, role)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <NoAccessPage access={access} role={role} onSignOut={() => void signOut()} />
      </Suspense>
    );
  }
  return children;
}
