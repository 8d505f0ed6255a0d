/**
 * The back-office landing page. The full dashboard (tasks, leads, pipeline, finances) is a later
 * issue; for now it greets the user and lists the modules their role opens — honestly.
 */
import { Link } from "react-router";
import { displayName } from "#core/schemas/profile.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useSession } from "#app/lib/session.tsx";
import { navItemsFor } from "../shell/nav-items.ts";

export default function DashboardPage() {
  const { user, profile, role } = useSession();
  const modules = navItemsFor(role).filter((m) => m.path !== "/dashboard");
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold">Welcome, {displayName(profile, user?.email)}</h1>
      <p className="mt-1 text-muted-foreground">
        {role ? <>Signed in as <strong>{role}</strong>.</> : <>Your account has no back-office role yet: ask an administrator for access.</>}{" "}
        The dashboard's figures arrive in a coming release; the modules below open from here.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Modules">
        {modules.map(({ path, title, icon: Icon }) => (
          <li key={path}>
            <Link to={path} className="block rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
              <Card className="transition-colors hover:bg-accent">
                <CardHeader className="flex-row items-center gap-3 p-4">
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                  <div>
                    <CardTitle className="text-base">{title}</CardTitle>
                    <CardDescription className="text-xs">{path}</CardDescription>
                  </div>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
