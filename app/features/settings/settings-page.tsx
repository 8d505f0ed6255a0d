/**
 * /settings: profile, notification and format preferences, password, two-factor;
 * for admins, the organisation's record-level access per module.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useSession } from "#app/lib/session.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { PreferencesSection } from "./preferences-section.tsx";

// The sections below the first screen (and the admins' organisation section) load with the
// page's first paint rather than before it.
const PasswordSection = lazy(() =>
  import("./password-section.tsx").then((m) => ({ default: m.PasswordSection })),
);
const TwoFactorSection = lazy(() =>
  import("#app/domains/two-factor/components/two-factor-section.tsx").then((m) => ({
    default: m.TwoFactorSection,
  })),
);
const SessionsSection = lazy(() =>
  import("./sessions-section.tsx").then((m) => ({ default: m.SessionsSection })),
);
const OrganisationSection = lazy(() =>
  import("./organisation-section.tsx").then((m) => ({ default: m.OrganisationSection })),
);

function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full" />}>{children}</Suspense>;
}

export default function SettingsPage() {
  const { role, enrolmentPending } = useSession();
  // Until a member the two-factor policy covers enrols, nothing else of theirs loads.
  if (enrolmentPending)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold">Set up two-factor authentication</h1>
          <p className="text-muted-foreground" role="status">
            The organisation requires two-factor authentication for your role. Add an authenticator app below
            to continue; until then the back-office stays closed.
          </p>
        </div>
        <Later>
          <TwoFactorSection />
        </Later>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Settings</h1>
        <p className="text-muted-foreground">Your profile, notifications, formats and sign-in security.</p>
      </div>
      <ProfileSection />
      <PreferencesSection />
      <Later>
        <PasswordSection />
      </Later>
      <Later>
        <TwoFactorSection />
      </Later>
      <Later>
        <SessionsSection />
      </Later>
      {role === "admin" && (
        <p className="text-sm">
          <Link to="/settings/team" className="font-medium text-primary underline-offset-4 hover:underline">
            Team &amp; users
          </Link>{" "}
          — invite members, set roles and branches, deactivate and sign out.
        </p>
      )}
      {role === "admin" && (
        <Later>
          <OrganisationSection />
        </Later>
      )}
    </div>
  );
}
