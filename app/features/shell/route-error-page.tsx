/** Last line of defence: a render error shows a message with a way out, not a blank page. */
import { AlertTriangleIcon } from "lucide-react";
import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { TEXT } from "#core/constants.ts";

const BASE =
  "inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";
const BUTTON = `${BASE} bg-primary text-primary-foreground`;
const OUTLINE = `${BASE} border bg-background text-foreground`;

class Boundary extends Component<{ children: ReactNode; pathname: string }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error(TEXT.unexpectedError) };
  }
  override componentDidCatch(error: unknown) {
    console.error("route error", error);
  }
  override componentDidUpdate(prev: { pathname: string }) {
    if (prev.pathname !== this.props.pathname && this.state.error !== undefined)
      this.setState({ error: undefined });
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** Catches what a page throws while rendering; moving to another path tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
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
