/**
 * /business-contacts/import: a CSV file of contacts in four steps — choose the file (comma,
 * semicolon or tab separated, UTF-8), say which column holds what (guessed from the headers),
 * preview every row with its problems and the existing contacts it matches (merge into it, skip
 * it, or create it anyway), then import. Nothing is imported while a row has a problem, and the
 * database writes every row or none (public.import_contacts): a refusal names each row and why.
 */
import { ArrowLeftIcon, FileUpIcon, Loader2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  checkRows,
  guessMapping,
  IMPORT_FIELD_KEYS,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  importPayload,
  mappingProblems,
  type CheckedRow,
  type ColumnMapping,
  type DuplicateAction,
  type ImportField,
} from "#core/business-contacts/contact-import.ts";
import { formatPhone } from "#core/business-contacts/phone.ts";
import { CsvParseError, parseCsv, type ParsedCsv } from "#core/records/csv-parse.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { findDuplicatesBatch, ImportRefused, importContacts, type DuplicateHit } from "./api/contacts-api.ts";
import { useRefreshContacts } from "./hooks/contact-queries.ts";

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const PREVIEW_ROWS = 100;

export default function ImportPage() {
  const [file, setFile] = useState<{ name: string; csv: ParsedCsv } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [checked, setChecked] = useState<CheckedRow[] | null>(null);
  const [matches, setMatches] = useState<Map<number, DuplicateHit[]>>(new Map());
  const [actions, setActions] = useState<Map<number, DuplicateAction>>(new Map());
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [refusal, setRefusal] = useState<{
    message: string;
    problems: { row: number; message: string }[];
  } | null>(null);
  const refresh = useRefreshContacts();
  const navigate = useNavigate();

  const problems = useMemo(() => (file ? mappingProblems(mapping) : []), [file, mapping]);
  const bad = checked?.filter((r) => r.errors.length) ?? [];

  const choose = async (f: File | undefined) => {
    setFileError(null);
    setChecked(null);
    setRefusal(null);
    setFile(null);
    if (!f) return;
    if (f.size > MAX_FILE_BYTES)
      return setFileError(
        `The file is ${(f.size / 1024 / 1024).toFixed(1)} MB: import at most 5 MB (about ${IMPORT_MAX_ROWS.toLocaleString("en-GB")} contacts) at a time.`,
      );
    try {
      const csv = parseCsv(await f.text());
      if (csv.headers.length === 0 || csv.rows.length === 0)
        return setFileError("The file has no rows below its header line.");
      if (csv.rows.length > IMPORT_MAX_ROWS)
        return setFileError(
          `The file has ${csv.rows.length.toLocaleString("en-GB")} rows: import at most ${IMPORT_MAX_ROWS.toLocaleString("en-GB")} at a time (split the file).`,
        );
      setFile({ name: f.name, csv });
      setMapping(guessMapping(csv.headers));
    } catch (e) {
      setFileError(
        e instanceof CsvParseError
          ? `This is not a readable CSV file: ${e.message}`
          : "This file cannot be read as text (save it as CSV UTF-8).",
      );
    }
  };

  const check = async () => {
    if (!file) return;
    setChecking(true);
    setRefusal(null);
    try {
      const rows = checkRows(file.csv.rows, mapping);
      const good = rows.filter((r) => r.values);
      const hits = good.length
        ? await findDuplicatesBatch(
            good.map((r) => r.values!.phone),
            good.map((r) => r.values!.email),
          )
        : [];
      const byRow = new Map<number, DuplicateHit[]>();
      for (const h of hits) {
        const number = good[h.row_index - 1]!.number;
        byRow.set(number, [...(byRow.get(number) ?? []), h]);
      }
      // A row that matches one contact merges into it unless the user says otherwise.
      setActions(
        new Map(
          [...byRow].map(
            ([n, hs]) =>
              [n, hs.length === 1 ? { action: "merge", contactId: hs[0]!.id } : { action: "skip" }] as const,
          ),
        ),
      );
      setMatches(byRow);
      setChecked(rows);
    } catch (e) {
      setFileError(`The rows could not be checked: ${describeDbError(e).message}`);
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    if (!checked || bad.length) return;
    const { payload, numbers } = importPayload(checked, actions);
    if (payload.length === 0)
      return setRefusal({ message: "Every row is skipped: there is nothing to import.", problems: [] });
    setImporting(true);
    setRefusal(null);
    try {
      const done = await importContacts(payload);
      refresh();
      toast.success(`Imported: ${done.created} new, ${done.merged} merged into existing contacts`);
      navigate("/business-contacts?source=import&sort=-created_at");
    } catch (e) {
      if (e instanceof ImportRefused)
        setRefusal({
          message: e.message,
          problems: e.problems.map((p) => ({ row: numbers[p.row - 1] ?? p.row, message: p.message })),
        });
      else setRefusal({ message: describeDbError(e).message, problems: [] });
    } finally {
      setImporting(false);
    }
  };

  const setField = (i: number, field: ImportField | "") => {
    setMapping((m) => m.map((f, j) => (j === i ? field : f)));
    setChecked(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/business-contacts"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        All contacts
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">Import contacts from a CSV file</h1>

      <section aria-labelledby="step-file" className="flex flex-col gap-2">
        <h2 id="step-file" className="font-semibold">
          1. Choose the file
        </h2>
        <p className="text-sm text-muted-foreground">
          A CSV export of a spreadsheet or a phone's contacts, with a header line. Up to{" "}
          {IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows.
        </p>
        <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent">
          <FileUpIcon className="size-4" aria-hidden="true" />
          {file ? `${file.name} — ${file.csv.rows.length} rows` : "Choose a CSV file"}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="CSV file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {fileError && (
          <Alert variant="destructive" role="alert">
            {fileError}
          </Alert>
        )}
      </section>

      {file && (
        <section aria-labelledby="step-map" className="flex flex-col gap-3">
          <h2 id="step-map" className="font-semibold">
            2. Say which column holds what
          </h2>
          <div className="overflow-x-auto">
            <Table aria-label="Column mapping">
              <TableHeader>
                <TableRow>
                  <TableHead>Column in the file</TableHead>
                  <TableHead>First row</TableHead>
                  <TableHead>Import as</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {file.csv.headers.map((h, i) => (
                  <TableRow key={`${h}-${i}`}>
                    <TableCell className="font-medium">{h || `(column ${i + 1})`}</TableCell>
                    <TableCell className="max-w-64 truncate text-muted-foreground">
                      {file.csv.rows[0]?.[i]}
                    </TableCell>
                    <TableCell>
                      <NativeSelect
                        aria-label={`Import column ${h || i + 1} as`}
                        value={mapping[i] ?? ""}
                        onChange={(e) => setField(i, e.target.value as ImportField | "")}
                        className="w-56"
                      >
                        <option value="">Do not import</option>
                        {IMPORT_FIELD_KEYS.map((f) => (
                          <option key={f} value={f}>
                            {IMPORT_FIELDS[f].label}
                          </option>
                        ))}
                      </NativeSelect>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {problems.length > 0 && (
            <Alert variant="warning">
              <ul className="list-disc pl-4">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
          <Button
            className="self-start"
            disabled={problems.length > 0 || checking}
            onClick={() => void check()}
          >
            {checking && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Check the rows
          </Button>
        </section>
      )}

      {file && checked && (
        <section aria-labelledby="step-preview" className="flex flex-col gap-3">
          <h2 id="step-preview" className="font-semibold">
            3. Preview
          </h2>
          <p className="text-sm" data-testid="import-summary">
            {checked.length - bad.length} of {checked.length} rows are ready; {matches.size} match existing
            contacts; {bad.length} {bad.length === 1 ? "has a problem" : "have problems"}.
          </p>
          {bad.length > 0 && (
            <Alert variant="destructive" data-testid="import-row-errors">
              <div className="flex flex-col gap-2">
                <p className="font-medium">
                  Nothing can be imported until these rows are fixed in the file (then choose it again):
                </p>
                <ul className="flex max-h-64 flex-col gap-1 overflow-auto text-sm">
                  {bad.map((r) => (
                    <li key={r.number}>
                      <span className="font-medium">Row {r.number}:</span> {r.errors.join("; ")}
                    </li>
                  ))}
                </ul>
              </div>
            </Alert>
          )}
          <div className="overflow-x-auto">
            <Table aria-label="Rows to import">
              <TableHeader>
                <TableRow>
                  <TableHead>Row</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Phone</TableHead>
                  <TableHead>E-mail</TableHead>
                  <TableHead>Existing contact</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {checked.slice(0, PREVIEW_ROWS).map((r) => (
                  <TableRow key={r.number} data-state={r.errors.length ? "error" : undefined}>
                    <TableCell>{r.number}</TableCell>
                    <TableCell>
                      {r.values ? (
                        r.values.kind === "company" ? (
                          r.values.company_name
                        ) : (
                          [r.values.first_name, r.values.last_name].filter(Boolean).join(" ")
                        )
                      ) : (
                        <span className="text-destructive">{r.errors[0]}</span>
                      )}
                    </TableCell>
                    <TableCell>{r.values?.phone ? formatPhone(r.values.phone) : ""}</TableCell>
                    <TableCell>{r.values?.email ?? ""}</TableCell>
                    <TableCell>
                      <DuplicateChoice
                        number={r.number}
                        hits={matches.get(r.number) ?? []}
                        value={actions.get(r.number)}
                        onChange={(a) => setActions((m) => new Map(m).set(r.number, a))}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {checked.length > PREVIEW_ROWS && (
            <p className="text-sm text-muted-foreground">
              The first {PREVIEW_ROWS} rows are shown; every row is checked and imported.
            </p>
          )}
        </section>
      )}

      {file && checked && (
        <section aria-labelledby="step-import" className="flex flex-col gap-2">
          <h2 id="step-import" className="font-semibold">
            4. Import
          </h2>
          {refusal && (
            <Alert variant="destructive" role="alert" data-testid="import-refused">
              <div className="flex flex-col gap-2">
                <p className="font-medium">{refusal.message}</p>
                {refusal.problems.length > 0 && (
                  <ul className="text-sm">
                    {refusal.problems.map((p) => (
                      <li key={p.row}>
                        Row {p.row}: {p.message}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </Alert>
          )}
          <Button className="self-start" disabled={bad.length > 0 || importing} onClick={() => void run()}>
            {importing && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Import {checked.length - bad.length} contacts
          </Button>
        </section>
      )}
    </div>
  );
}

function DuplicateChoice({
  number,
  hits,
  value,
  onChange,
}: {
  number: number;
  hits: DuplicateHit[];
  value: DuplicateAction | undefined;
  onChange: (a: DuplicateAction) => void;
}) {
  if (hits.length === 0) return <span className="text-muted-foreground">New</span>;
  const current = value?.action === "merge" ? `merge:${value.contactId}` : (value?.action ?? "skip");
  return (
    <NativeSelect
      aria-label={`Row ${number} matches an existing contact`}
      value={current}
      className="w-64"
      onChange={(e) => {
        const v = e.target.value;
        onChange(
          v.startsWith("merge:")
            ? { action: "merge", contactId: v.slice(6) }
            : { action: v as "skip" | "create" },
        );
      }}
    >
      {hits.map((h) => (
        <option key={h.id} value={`merge:${h.id}`}>
          Add to {h.display_name} (same {h.matched_on === "phone" ? "phone" : "e-mail"})
        </option>
      ))}
      <option value="skip">Skip this row</option>
      <option value="create">Create a new contact anyway</option>
    </NativeSelect>
  );
}
