/**
 * /social-debug (admins): enter an address of the site; the edge fetches it as Facebook's, X's,
 * LinkedIn's and WhatsApp's crawlers (worker/social-debug.ts) and this page draws each network's
 * card at that network's size from the tags the crawler got — title and description cut where
 * the network cuts them, the image with its pixel size and weight — plus the canonical, type,
 * JSON-LD and every warning (core/seo/social-preview.ts). "Purge" empties the edge cache for the
 * page so the next crawler gets fresh tags. The address is kept in ?url= so a check can be shared.
 */
import { AlertTriangleIcon, CheckCircle2Icon, EraserIcon, SearchIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { originOf } from "#core/hosts.ts";
import { formatBytes } from "#core/records/file-rules.ts";
import { NETWORK_RULES, type NetworkPreview } from "#core/seo/social-preview.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { siteConfig } from "#app/lib/site-config.ts";
import { usePurgeUrl, useSocialCheck } from "./hooks/social-debug-queries.ts";

const mainOrigin = originOf("main", siteConfig.hosts);

function initialUrl(): string {
  return new URLSearchParams(window.location.search).get("url") ?? "";
}

export default function SocialDebugPage() {
  const [draft, setDraft] = useState(initialUrl);
  const [url, setUrl] = useState(initialUrl);
  const check = useSocialCheck(url);
  const purge = usePurgeUrl(url, {
    onSuccess: (r) => {
      toast.success("Edge cache purged", {
        description: r.purged.length
          ? `${r.purged.length} cached entr${r.purged.length === 1 ? "y" : "ies"} forgotten; the next crawler gets fresh tags.`
          : "Nothing was cached for this page.",
      });
      void check.refetch();
    },
    onError: (err) => toast.error("Not purged", { description: err.message }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = draft.trim();
    const params = new URLSearchParams(window.location.search);
    params.set("url", next);
    window.history.replaceState(null, "", `${window.location.pathname}?${params}`);
    if (next === url) void check.refetch();
    else setUrl(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Social debug</h1>
      <p className="text-sm text-muted-foreground">
        How a link to a page of {mainOrigin} looks when shared on WhatsApp, Facebook, X and LinkedIn — built
        from the tags our edge serves each network's crawler.
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Check a page">
        <div className="flex min-w-72 flex-1 flex-col gap-1">
          <Label htmlFor="social-debug-url">Address of a page</Label>
          <Input
            id="social-debug-url"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={`${mainOrigin}/property/…`}
            required
            maxLength={2048}
          />
        </div>
        <Button type="submit" disabled={check.isFetching}>
          <SearchIcon aria-hidden="true" />
          Check
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!check.data || purge.isPending}
          onClick={() => purge.mutate()}
        >
          <EraserIcon aria-hidden="true" />
          Purge the edge cache for this page
        </Button>
      </form>
      {check.isError && (
        <Alert variant="destructive" role="alert">
          Could not check it: {check.error.message}
        </Alert>
      )}
      {check.isFetching && !check.data && <Skeleton className="h-72 w-full" />}
      {check.data && (
        <>
          <p className="text-sm" data-testid="checked-url">
            Checked <span className="font-medium">{check.data.url}</span>
            {check.data.networks[0]?.redirects.length ? (
              <> → redirected to {check.data.networks[0].finalUrl}</>
            ) : null}
            .
          </p>
          <div className="grid gap-4 xl:grid-cols-2">
            {check.data.networks.map((n) => (
              <NetworkCard key={n.network} preview={n} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** The image on this host (our pages' images are served on every host of the site; CSP allows only this one). */
function displayable(src: string): string {
  try {
    const u = new URL(src);
    return u.origin === mainOrigin ? `${u.pathname}${u.search}` : src;
  } catch {
    return src;
  }
}

const cut = (s: string | null, max: number) =>
  s && s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;

function NetworkCard({ preview: n }: { preview: NetworkPreview }) {
  const rules = NETWORK_RULES[n.network];
  const img = n.image;
  const host = (() => {
    try {
      return new URL(n.finalUrl).host;
    } catch {
      return n.finalUrl;
    }
  })();
  return (
    <section
      aria-label={`${rules.label} preview`}
      className="flex flex-col gap-3 rounded-lg border p-4"
      data-network={n.network}
    >
      <h2 className="text-lg font-semibold">{rules.label}</h2>
      <figure
        className="overflow-hidden rounded-md border bg-muted/40"
        style={{ maxWidth: rules.card.width }}
      >
        {img && img.status === 200 ? (
          <img
            src={displayable(img.url)}
            alt={n.imageAlt ?? ""}
            className="w-full object-cover"
            style={{ aspectRatio: `${rules.card.width} / ${rules.card.height}` }}
          />
        ) : (
          <div
            className="flex items-center justify-center text-sm text-muted-foreground"
            style={{ aspectRatio: `${rules.card.width} / ${rules.card.height}` }}
          >
            No picture
          </div>
        )}
        <figcaption className="flex flex-col gap-0.5 p-3">
          <span className="text-xs uppercase text-muted-foreground">{host}</span>
          <span className="font-semibold" data-testid="card-title">
            {cut(n.title, rules.titleMax) ?? <em className="font-normal">No title</em>}
          </span>
          {n.description && (
            <span className="text-sm text-muted-foreground">{cut(n.description, rules.descriptionMax)}</span>
          )}
        </figcaption>
      </figure>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Crawler answer</dt>
        <dd>{n.status || "none (left the site)"}</dd>
        <dt className="text-muted-foreground">Image</dt>
        <dd data-testid="image-facts">
          {img
            ? img.width !== null
              ? `${img.width}×${img.height} px, ${img.bytes !== null ? formatBytes(img.bytes) : "?"}, ${img.type ?? "?"}`
              : `unreadable (${img.status ?? "not fetched"})`
            : "none"}
        </dd>
        <dt className="text-muted-foreground">Limits</dt>
        <dd>
          at least {rules.image.minWidth}×{rules.image.minHeight}, best {rules.image.recommendedWidth}×
          {rules.image.recommendedHeight}, at most {formatBytes(rules.image.maxBytes)}
        </dd>
        <dt className="text-muted-foreground">Type</dt>
        <dd>{n.type ?? "—"}</dd>
        <dt className="text-muted-foreground">Canonical</dt>
        <dd className="break-all">{n.canonical ?? "—"}</dd>
        {n.network === "x" && (
          <>
            <dt className="text-muted-foreground">Card</dt>
            <dd>{n.card ?? "—"}</dd>
          </>
        )}
        <dt className="text-muted-foreground">JSON-LD</dt>
        <dd>{n.jsonLdTypes.length ? n.jsonLdTypes.join(", ") : "—"}</dd>
      </dl>
      {n.warnings.length ? (
        <ul aria-label={`Warnings for ${rules.label}`} className="flex flex-col gap-1 text-sm text-amber-900">
          {n.warnings.map((w) => (
            <li key={w} className="flex gap-1.5">
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {w}
            </li>
          ))}
        </ul>
      ) : (
        <p className="inline-flex items-center gap-1.5 text-sm text-emerald-800">
          <CheckCircle2Icon className="size-4" aria-hidden="true" />
          No warnings for {rules.label}
        </p>
      )}
    </section>
  );
}
