/**
 * /settings: profile, notification and format preferences, password, two-factor;
 * for admins, the organisation's record-level access per module.
 */
import { TwoFactorSection } from "#app/components/two-factor/two-factor-section.tsx";
import { useSession } from "#app/lib/session.tsx";
import { OrganisationSection } from "./organisation-section.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { PreferencesSection } from "./preferences-section.tsx";
import { PasswordSection } from "./password-section.tsx";

export default function SettingsPage() {
  const { role } = useSession();
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
      {role === "admin" && <OrganisationSection />}
    </div>
  );
}
