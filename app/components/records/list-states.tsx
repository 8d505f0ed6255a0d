/** A list's states without rows, the same whether it shows as a table or as cards. */
import { RotateCwIcon } from "lucide-react";
import type { ReactNode } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";

export function ListLoadError({
  label,
  result,
}: {
  label: string;
  result: { error: unknown; refetch: () => unknown };
}) {
  return (
    <Alert variant="destructive">
      <div className="flex flex-col gap-2">
        <p className="font-medium">Could not load {label.toLowerCase()}</p>
        <p>{describeDbError(result.error).message}</p>
        <Button variant="outline" size="sm" className="self-start" onClick={() => void result.refetch()}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Alert>
  );
}

export function ListEmpty({
  label,
  filtered,
  empty,
  onClear,
}: {
  label: string;
  filtered: boolean;
  empty?: { title: string; description?: string; action?: ReactNode };
  onClear: () => void;
}) {
  return (
    <>
      <p className="font-medium">
        {filtered
          ? `No ${label.toLowerCase()} match these filters`
          : (empty?.title ?? `No ${label.toLowerCase()} yet`)}
      </p>
      {!filtered && empty?.description && (
        <p className="mt-1 text-sm text-muted-foreground">{empty.description}</p>
      )}
      <div className="mt-4 flex justify-center">
        {filtered ? (
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          empty?.action
        )}
      </div>
    </>
  );
}
