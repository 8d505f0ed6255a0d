/**
 * The one record page of the back-office. A module declares its record type once — how to load
 * it, its title, the summary facts, its quick actions and its tabs — and this engine renders the
 * frame every record shares: one back link, the summary header (title, key facts, actions), the
 * tabs with the open one in the URL (`?tab=`; the first tab is the default and keeps the URL
 * clean), and the loading, not-found and error states. Pages open on the summary and the first
 * tab, never on a long edit form; an edit form in a tab guards its unsaved changes itself
 * (`useRecordForm` → `useDirtyGuard`), which also covers switching tabs, since that is a
 * navigation of the URL.
 *
 *   const CONTACT_PAGE = defineRecordPage<ContactRow>({ noun: "contact", back: { to: "/business-contacts",
 *     label: "All contacts" }, useRecord: useContact, title: (r) => r.display_name, Summary, Actions,
 *     tabs: [{ id: "timeline", label: "Timeline", content: TimelineTab }, …] });
 *   <RecordPage definition={CONTACT_PAGE} id={id} />
 */
import { ArrowLeftIcon } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { isMissingRecord, tabFromUrl } from "#core/records/record-page.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";

/** What a record page needs of its query (a TanStack `useQuery` result fits; `null` = no such row). */
export interface RecordQuery<Row> {
  data: Row | null | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

export interface RecordTabProps<Row> {
  row: Row;
  /** Loads the record again (a form's "Reload" after someone else saved it). */
  reload: () => Promise<unknown>;
}

export interface RecordTab<Row> {
  id: string;
  label: string;
  content: ComponentType<RecordTabProps<Row>>;
}

export interface RecordPageDefinition<Row> {
  /** One record in words ("contact", "deal"): the loading text and the not-found sentence. */
  noun: string;
  /** Where the back link goes and what it says ("All contacts"). */
  back: { to: string; label: string };
  useRecord: (id: string) => RecordQuery<Row>;
  /** The heading: text, or an element when it needs data of its own (a credit note's invoice number). */
  title: (row: Row) => ReactNode;
  /** The key facts under the title (status, owner, next step, last contact, amounts). */
  Summary?: ComponentType<{ row: Row }>;
  /** The quick actions beside the title. */
  Actions?: ComponentType<{ row: Row }>;
  /** In order; the first opens by default. A one-tab record shows its body without a tab list. */
  tabs: readonly RecordTab<Row>[];
  /** Below the tabs, whatever tab is open: the panels other modules add to this record type. */
  Footer?: ComponentType<{ row: Row }>;
}

/** Types a definition in place (the row type flows into every tab and the summary). */
export function defineRecordPage<Row>(definition: RecordPageDefinition<Row>): RecordPageDefinition<Row> {
  return definition;
}

export function RecordBackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

export function RecordLoading({ what }: { what: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading {what}</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/** The frame of a page that is not (yet) a stored record: a new record's form, a wizard. */
export function RecordFrame({
  back,
  title,
  actions,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <RecordBackLink {...back} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-semibold tracking-tight">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function RecordPage<Row>({ definition, id }: { definition: RecordPageDefinition<Row>; id: string }) {
  const { noun, back, useRecord, title, Summary, Actions, tabs, Footer } = definition;
  const record = useRecord(id);
  const [params, setParams] = useSearchParams();
  const tab = tabFromUrl(
    tabs.map((t) => t.id),
    params.get("tab"),
  );
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === tabs[0]?.id) out.delete("tab");
        else out.set("tab", next);
        return out;
      },
      { preventScrollReset: true },
    );

  if (record.isPending) return <RecordLoading what={`the ${noun}`} />;
  if (record.data == null) {
    const missing = !record.error || isMissingRecord(record.error);
    return (
      <div className="flex flex-col gap-4" data-testid="record-page-state">
        <RecordBackLink {...back} />
        <Alert variant={missing ? "default" : "destructive"}>
          <div className="flex flex-col items-start gap-2">
            {missing ? (
              <>
                <p className="font-medium">This {noun} does not exist or you may not see it.</p>
                <Link to={back.to} className="underline underline-offset-4">
                  {back.label}
                </Link>
              </>
            ) : (
              <>
                <p className="font-medium">This {noun} cannot be opened.</p>
                <p>{describeDbError(record.error).message}</p>
                <Button size="sm" variant="outline" onClick={() => void record.refetch()}>
                  Try again
                </Button>
              </>
            )}
          </div>
        </Alert>
      </div>
    );
  }
  const row = record.data;
  const reload = () => record.refetch();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <RecordBackLink {...back} />
      <header className="flex flex-wrap items-start gap-3 print:hidden" data-testid="record-summary-header">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title(row)}</h1>
          {Summary && <Summary row={row} />}
        </div>
        {Actions && (
          <div className="flex flex-wrap items-end gap-2">
            <Actions row={row} />
          </div>
        )}
      </header>
      {tabs.length === 1 ? (
        tabs.map(({ id: tabId, content: Content }) => <Content key={tabId} row={row} reload={reload} />)
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="h-auto max-w-full flex-wrap justify-start print:hidden">
            {tabs.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ id: tabId, content: Content }) => (
            <TabsContent key={tabId} value={tabId}>
              <Content row={row} reload={reload} />
            </TabsContent>
          ))}
        </Tabs>
      )}
      {Footer && <Footer row={row} />}
    </div>
  );
}
