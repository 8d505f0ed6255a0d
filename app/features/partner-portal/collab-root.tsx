/**
 * The collab host's root: a signed-in partner gets the portal; everyone
 * else the partner marketing page. Anonymous visitors never load the auth client or the portal
 * (it loads on its own only for a stored session). A partner who turned on two-factor sign-in
 * passes the code step at /auth before the portal shows.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { Navigate } from "react-router";
import { needsSecondFactor, useSessionState } from "#app/lib/session.tsx";
import { hasStoredSession } from "#app/lib/site-config.ts";

const PartnerPortal = lazy(() => import("./portal-page.tsx"));

export function CollabRoot({ marketing }: { marketing: ReactNode }) {
  const { loading, role, aal } = useSessionState();
  if (!hasStoredSession()) return marketing;
  if (loading)
    return (
      <p className="sr-only" role="status">
        Loading…
      </p>
    );
  if (role !== "partner") return marketing;
  // A partner with a verified authenticator sees nothing at aal1 (the database's rule): the code first.
  if (needsSecondFactor(aal)) return <Navigate to="/auth" replace />;
  return (
    <Suspense
      fallback={
        <p className="sr-only" role="status">
          Loading the portal…
        </p>
      }
    >
      <PartnerPortal />
    </Suspense>
  );
}
