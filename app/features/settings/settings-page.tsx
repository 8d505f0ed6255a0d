/**
 * /settings: profile, notification and format preferences, password, two-factor;
 * for admins, the organisation's record-level access per module.
 */
import { TwoFactorSection } from "#app/domains/two-factor/components/two-factor-section.tsx";
import { useSession } from "#app/lib/session.tsx";
import { OrganisationSection } from "./organisation-section.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { PreferencesSection } from "./preferences-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";
import { Link } from "react-router";

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
        <TwoFactorSection />
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
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
      {role === "admin" && (
        <p className="text-sm">
          <Link to="/settings/team" className="font-medium text-primary underline-offset-4 hover:underline">
            Team &amp; users
          </Link>{" "}
          — invite members, set roles and branches, deactivate and sign out.
        </p>
      )}
      {role === "admin" && <OrganisationSection />}
    </div>
  );
}
