/**
 * Records on a map (Leaflet, loaded with the view that needs it): one labelled marker per record
 * with a position, its popup linking to the record. Tiles come from OpenStreetMap; when they
 * cannot load (offline, or tiles blocked) the map says so plainly and the markers still show
 * where each record is relative to the others; records without a position are listed below.
 */
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { MapPinOffIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";

export interface MapRecord {
  id: string;
  title: string;
  /** A short line on the marker (a price, a stage). */
  label: string;
  subtitle?: string;
  latitude: number | null;
  longitude: number | null;
  /** In-app path of the record. */
  href: string;
  /** Tailwind background class of the marker (e.g. a stage colour). */
  tone?: string;
}

const ACCRA: L.LatLngTuple = [5.6037, -0.187];
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Tiles that fail in a row before the map says it cannot show them. */
const FAILED_TILES_BEFORE_NOTICE = 4;

export default function RecordMap({ records, label }: { records: readonly MapRecord[]; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!el.current) return;
    const map = L.map(el.current, { scrollWheelZoom: false }).setView(ACCRA, 11);
    let failed = 0;
    const tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
    tiles.on("tileerror", () => {
      failed++;
      if (failed >= FAILED_TILES_BEFORE_NOTICE) setTilesFailed(true);
    });
    tiles.on("tileload", () => {
      failed = 0;
      setTilesFailed(false);
    });
    tiles.addTo(map);
    const points: L.LatLngTuple[] = [];
    for (const r of records) {
      if (r.latitude === null || r.longitude === null) continue;
      const pt: L.LatLngTuple = [r.latitude, r.longitude];
      points.push(pt);
      L.marker(pt, {
        title: r.title,
        alt: r.title,
        keyboard: true,
        icon: L.divIcon({
          className: "",
          html: `<span class="block whitespace-nowrap rounded-full ${r.tone ?? "bg-primary"} px-2 py-1 text-xs font-semibold text-white shadow" data-record="${esc(r.id)}">${esc(r.label)}</span>`,
          iconAnchor: [20, 12],
        }),
      })
        .addTo(map)
        .bindPopup(
          `<strong>${esc(r.title)}</strong>${r.subtitle ? `<br>${esc(r.subtitle)}` : ""}<br><a href="${esc(r.href)}" data-href="${esc(r.href)}">Open</a>`,
        );
    }
    if (points.length) map.fitBounds(points, { padding: [40, 40], maxZoom: 14 });
    // In-app links in popups go through the router (no full page load).
    const node = el.current;
    const onClick = (e: MouseEvent) => {
      const a = (e.target as HTMLElement).closest<HTMLAnchorElement>("a[data-href]");
      if (a?.dataset.href) {
        e.preventDefault();
        navigate(a.dataset.href);
      }
    };
    node.addEventListener("click", onClick);
    return () => {
      node.removeEventListener("click", onClick);
      map.remove();
    };
  }, [records, navigate]);

  const unplaced = records.filter((r) => r.latitude === null || r.longitude === null);
  return (
    <div className="flex flex-col gap-3">
      {tilesFailed && (
        <Alert variant="warning" data-testid="map-tiles-unavailable">
          <div className="flex items-start gap-2">
            <MapPinOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              The map background cannot load (no connection to the map server). The markers still show where
              each record is relative to the others; every record is also in the list and table views.
            </p>
          </div>
        </Alert>
      )}
      <div
        ref={el}
        role="region"
        aria-label={label}
        className="h-[60vh] min-h-80 w-full overflow-hidden rounded-lg border bg-muted"
      />
      {unplaced.length > 0 && (
        <div className="text-sm text-muted-foreground">
          <p>No map position yet ({unplaced.length}):</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {unplaced.map((r) => (
              <li key={r.id}>
                <a
                  href={r.href}
                  onClick={(e) => (e.preventDefault(), navigate(r.href))}
                  className="underline"
                >
                  {r.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
