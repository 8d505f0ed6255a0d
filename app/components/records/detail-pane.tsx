/**
 * The right-hand pane of a list/detail screen (the inboxes): a heading with badges and actions,
 * a close button back to the list, and titled sections; `DetailFields` lays out label/value pairs.
 * On a record's own page (title null) the page already names the record and leads back to the
 * list, so the pane shows neither its heading nor its close button.
 */
import { XIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";

export function DetailPane({
  title,
  subtitle,
  badges,
  actions,
  onClose,
  children,
}: {
  title: string | null;
  subtitle?: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={title === null ? undefined : headingId}
      aria-label={title === null ? "Details" : undefined}
      className="flex min-w-0 flex-col gap-4 rounded-md border bg-background p-4"
      data-testid="detail-pane"
    >
      {title === null ? (
        badges && <div className="flex flex-wrap items-center gap-2">{badges}</div>
      ) : (
        <header className="flex flex-wrap items-start gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h2 id={headingId} className="truncate text-xl font-semibold">
              {title}
            </h2>
            {subtitle && <div className="text-sm text-muted-foreground">{subtitle}</div>}
            {badges && <div className="flex flex-wrap items-center gap-2">{badges}</div>}
          </div>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close and back to the list">
            <XIcon aria-hidden="true" />
          </Button>
        </header>
      )}
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      {children}
    </section>
  );
}

export function DetailSection({
  title,
  children,
  end,
}: {
  title: string;
  children: ReactNode;
  end?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t pt-3">
      <div className="flex items-center gap-2">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {end && <div className="ml-auto">{end}</div>}
      </div>
      {children}
    </section>
  );
}

export function DetailFields({
  items,
}: {
  items: ReadonlyArray<{ label: string; value: ReactNode } | null | false>;
}) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {items
        .filter((i): i is { label: string; value: ReactNode } => !!i)
        .map((i) => (
          <div key={i.label} className="contents">
            <dt className="text-muted-foreground">{i.label}</dt>
            <dd className="min-w-0 break-words">{i.value ?? "—"}</dd>
          </div>
        ))}
    </dl>
  );
}
