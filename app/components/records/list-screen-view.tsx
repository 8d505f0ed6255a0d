/** A list screen's view other than the table: its toolbar, load error, skeleton, body and paging. */
import { Suspense, type ReactNode } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { ListScreenView, ViewStatus } from "./list-screen.tsx";

export function OtherView({
  view,
  noun,
  fallback,
  toolbar,
  pagination,
}: {
  view: ListScreenView;
  noun: string;
  fallback: ViewStatus;
  toolbar: ReactNode;
  pagination: ReactNode;
}) {
  const status = view.status === undefined ? fallback : view.status;
  const pending = view.pending ?? status?.isPending ?? false;
  const skeleton = <Skeleton className="h-96 w-full" />;
  return (
    <>
      {view.toolbar !== false && toolbar}
      {status?.isError && (
        <Alert variant="destructive">
          <span>
            Could not load the {noun}: {describeDbError(status.error).message}
          </span>
          <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {view.note && <p className="text-sm text-muted-foreground">{view.note}</p>}
      {pending ? skeleton : <Suspense fallback={skeleton}>{view.body}</Suspense>}
      {pagination}
    </>
  );
}
