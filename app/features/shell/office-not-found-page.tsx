/**
 * An unknown path on the CRM host: a not-found page inside the back-office frame (navigation and
 * the command palette stay), not the public site's 404 with its booking and WhatsApp buttons. The
 * edge answers such paths with HTTP 404 (worker/page-meta.ts).
 */
import { SearchXIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

export default function OfficeNotFoundPage() {
  return (
    <section
      aria-labelledby="office-not-found-title"
      className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center"
    >
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="office-not-found-title" className="mt-4 text-2xl font-bold">
        This back-office page does not exist
      </h1>
      <p className="mt-3 text-muted-foreground">
        Check the address, pick a screen from the navigation, or press Ctrl K (⌘ K) to search screens such as
        Team &amp; users or Settings.
      </p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">Go to the dashboard</Link>
      </Button>
    </section>
  );
}
