/** Last line of defence: a render or loader error shows a message with a way out, not a blank page. */
import { AlertTriangleIcon } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { TEXT } from "#core/constants.ts";

const BASE =
  "inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";
const BUTTON = `${BASE} bg-primary text-primary-foreground`;
const OUTLINE = `${BASE} border bg-background text-foreground`;

export function RouteErrorPage() {
  const error = useRouteError();
  console.error("route error", error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <AlertTriangleIcon className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">{TEXT.unexpectedError}</h1>
      {detail && <p className="mt-2 break-words text-sm text-muted-foreground">{detail}</p>}
      <div className="mt-6 flex gap-3">
        {/* Plain elements: this page is in the entry chunk and must not pull the UI kit in. */}
        <button type="button" className={BUTTON} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="/" className={OUTLINE}>
          Go Home
        </a>
      </div>
    </section>
  );
}
