/**
 * The extension point of record pages (RECORD_PANEL_SLOTS in lib/modules/define-module.ts): the
 * panels that modules the user may open add to this record's page, each loaded lazily in a card.
 * A page renders `<RecordPanels slot="property" recordId={id} />` once; modules add panels in
 * their module.ts (`panels: [{ slot, title, component }]`) without touching the page.
 */
import { Suspense } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { RecordPanelSlot } from "#app/lib/modules/define-module.ts";
import { useSession } from "#app/lib/session.tsx";
import { panelsFor } from "#app/modules.ts";

export function RecordPanels({ slot, recordId }: { slot: RecordPanelSlot; recordId: string }) {
  const { role } = useSession();
  const panels = panelsFor(slot, role);
  if (panels.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {panels.map(({ title, component: Panel }) => (
        <Card key={title} data-record-panel={title}>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">{title}</CardTitle>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Skeleton className="h-16 w-full" />}>
              <Panel recordId={recordId} />
            </Suspense>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
