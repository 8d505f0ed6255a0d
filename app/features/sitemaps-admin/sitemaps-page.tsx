/**
 * /admin/sitemaps (admins): the sitemap index and each sitemap it names — URL count, lastmod,
 * size, when the files were last regenerated, and whether each passes the sitemaps.org rules
 * (core/seo/sitemap-validate.ts, the rules xmllint applies with the XSDs; problems are listed) —
 * the URLs of a sitemap with their lastmod (filterable), and a button that regenerates them all.
 */
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2Icon, ExternalLinkIcon, RefreshCwIcon, XCircleIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { regenerateSitemaps } from "#app/lib/regenerate-sitemaps-api.ts";
import type { SitemapFile } from "./api/sitemaps-api.ts";
import { sitemapKeys, useSitemapFiles, useSitemapsStatus } from "./hooks/sitemap-queries.ts";

const PAGE = 100;

export default function SitemapsPage() {
  const qc = useQueryClient();
  const fmt = useFormatters();
  const status = useSitemapsStatus();
  const files = useSitemapFiles();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const regenerate = async () => {
    setBusy(true);
    const r = await regenerateSitemaps();
    setBusy(false);
    if (r.ok)
      toast.success("Sitemaps regenerated", {
        description: "The sitemaps and the feed were rebuilt from the published listings and posts.",
      });
    else toast.error("Not regenerated", { description: r.message });
    await qc.invalidateQueries({ queryKey: sitemapKeys.all });
  };

  const all = files.data ? [files.data.index, ...files.data.files] : [];
  const shown = all.find((f) => f.path === open) ?? null;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Sitemaps</h1>
        <Button className="ml-auto" onClick={() => void regenerate()} disabled={busy}>
          <RefreshCwIcon className={busy ? "animate-spin" : undefined} aria-hidden="true" />
          Regenerate sitemaps
        </Button>
      </header>
      <p className="text-sm text-muted-foreground" data-testid="last-generated">
        {status.data ? (
          status.data.lastRegeneratedAt ? (
            <>Last regenerated {fmt.dateTime(status.data.lastRegeneratedAt)}.</>
          ) : (
            "Not regenerated since the edge started: generated on first request."
          )
        ) : (
          "…"
        )}{" "}
        Search engines find them through{" "}
        <a href={status.data?.robots ?? "/robots.txt"} className="underline" target="_blank" rel="noopener">
          robots.txt
        </a>
        ; the blog feed is{" "}
        <a href={status.data?.feed ?? "/feed"} className="underline" target="_blank" rel="noopener">
          /feed
        </a>
        .
      </p>
      {(files.isError || status.isError) && (
        <Alert variant="destructive">
          Could not load the sitemaps: {((files.error ?? status.error) as Error).message}
        </Alert>
      )}
      {files.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <Table stacked aria-label="Sitemap files">
          <TableHeader>
            <TableRow>
              <TableHead>File</TableHead>
              <TableHead className="text-right">URLs</TableHead>
              <TableHead>Last modified</TableHead>
              <TableHead className="text-right">Size</TableHead>
              <TableHead>Validation</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {all.map((f) => (
              <TableRow key={f.path} data-path={f.path}>
                <TableCell data-label="" className="font-medium">
                  <a
                    href={f.path}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-1 underline"
                  >
                    {f.path}
                    <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </TableCell>
                <TableCell data-label="URLs" className="text-right tabular-nums">
                  {f.validation.entries.length.toLocaleString("en")}
                </TableCell>
                <TableCell data-label="Last modified">{f.lastmod ? fmt.dateTime(f.lastmod) : "—"}</TableCell>
                <TableCell data-label="Size" className="text-right tabular-nums">
                  {formatBytes(f.bytes)}
                </TableCell>
                <TableCell data-label="Validation">
                  <ValidationResult file={f} />
                </TableCell>
                <TableCell data-label="">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={open === f.path}
                    onClick={() => setOpen(open === f.path ? null : f.path)}
                  >
                    {open === f.path ? "Hide URLs" : "Show URLs"}
                    <span className="sr-only"> of {f.path}</span>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {shown && <UrlList key={shown.path} file={shown} />}
    </div>
  );
}

function ValidationResult({ file }: { file: SitemapFile }) {
  const v = file.validation;
  if (v.valid)
    return (
      <span className="inline-flex items-center gap-1 text-emerald-800">
        <CheckCircle2Icon className="size-4" aria-hidden="true" />
        Valid ({v.kind === "sitemapindex" ? "siteindex.xsd" : "sitemap.xsd + images"})
      </span>
    );
  return (
    <details>
      <summary className="inline-flex cursor-pointer items-center gap-1 text-destructive">
        <XCircleIcon className="size-4" aria-hidden="true" />
        {v.errors.length} problem{v.errors.length === 1 ? "" : "s"}
      </summary>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {v.errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </details>
  );
}

function UrlList({ file }: { file: SitemapFile }) {
  const fmt = useFormatters();
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(0);
  const rows = useMemo(
    () => file.validation.entries.filter((e) => e.loc.toLowerCase().includes(filter.trim().toLowerCase())),
    [file, filter],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const slice = rows.slice(page * PAGE, page * PAGE + PAGE);
  return (
    <section aria-label={`URLs of ${file.path}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">URLs of {file.path}</h2>
        <label className="ml-auto flex items-center gap-2 text-sm">
          Filter
          <Input
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setPage(0);
            }}
            className="w-64"
            placeholder="e.g. east-legon"
          />
        </label>
      </div>
      <Table aria-label={`URLs in ${file.path}`}>
        <TableHeader>
          <TableRow>
            <TableHead>URL</TableHead>
            <TableHead>Last modified</TableHead>
            <TableHead>Change frequency</TableHead>
            <TableHead className="text-right">Priority</TableHead>
            <TableHead className="text-right">Images</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {slice.map((e) => (
            <TableRow key={e.loc}>
              <TableCell className="max-w-[32rem] truncate">
                <a href={e.loc} target="_blank" rel="noopener" className="underline">
                  {e.loc}
                </a>
              </TableCell>
              <TableCell>{e.lastmod ? fmt.dateTime(e.lastmod) : "—"}</TableCell>
              <TableCell>{e.changefreq ?? "—"}</TableCell>
              <TableCell className="text-right">{e.priority ?? "—"}</TableCell>
              <TableCell className="text-right">{e.images.length}</TableCell>
            </TableRow>
          ))}
          {slice.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-muted-foreground">
                No URL matches.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage((p) => Math.max(0, p - 1))}
            disabled={page === 0}
          >
            Previous
          </Button>
          <span>
            Page {page + 1} of {pages} ({rows.length.toLocaleString("en")} URLs)
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
            disabled={page >= pages - 1}
          >
            Next
          </Button>
        </div>
      )}
    </section>
  );
}
