/** Shown to a signed-in user whose role may not open a route: never a blank page. */
import { LockIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { Access } from "#core/routes.ts";

const NEEDS: Record<Access, string> = {
  public: "",
  login: "a signed-in account",
  staff: "a staff or admin role",
  admin: "the admin role",
};

export function NoAccessPage({
  access,
  role,
  onSignOut,
}: {
  access: Access;
  role: string | null;
  onSignOut: () => void;
}) {
  return (
    <section
      aria-labelledby="no-access-title"
      className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center"
    >
      <LockIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="no-access-title" className="mt-4 text-2xl font-bold">
        You don't have access to this page
      </h1>
      <p className="mt-3 text-muted-foreground">
        This page needs {NEEDS[access]}. Your account{" "}
        {role ? (
          <>
            has the <strong>{role}</strong> role
          </>
        ) : (
          <>has no back-office role</>
        )}
        . Ask an administrator if you think this is a mistake.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
        <Button variant="outline" onClick={onSignOut}>
          Sign in with another account
        </Button>
      </div>
    </section>
  );
}
