/**
 * Map view of search results (Leaflet, lazy-loaded). Tiles come from OpenStreetMap; when they
 * cannot load (offline, blocked) the box shows the listings' places as links instead.
 */
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { PropertyCard } from "../api/properties.ts";
import { formatMoney } from "../lib/format.ts";
import { MapFallback, watchTiles } from "./map-fallback.tsx";

const ACCRA: L.LatLngTuple = [5.6037, -0.187];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default function PropertyMap({ properties }: { properties: PropertyCard[] }) {
  const el = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!el.current) return;
    const map = L.map(el.current, { scrollWheelZoom: false, attributionControl: true }).setView(ACCRA, 11);
    const tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    }).addTo(map);
    const stopWatching = watchTiles(tiles, () => setTilesFailed(true));
    const points: L.LatLngTuple[] = [];
    for (const p of properties) {
      if (p.latitude == null || p.longitude == null) continue;
      const pt: L.LatLngTuple = [Number(p.latitude), Number(p.longitude)];
      points.push(pt);
      const label =
        p.price != null && !p.price_on_request
          ? formatMoney(Number(p.price), p.currency)
          : "Price on request";
      const marker = L.marker(pt, {
        title: p.title,
        alt: p.title,
        keyboard: true,
        icon: L.divIcon({
          className: "",
          html: `<span class="block whitespace-nowrap rounded-full bg-emerald-800 px-2 py-1 text-xs font-semibold text-white shadow">${esc(label)}</span>`,
          iconSize: undefined,
          iconAnchor: [20, 12],
        }),
      }).addTo(map);
      marker.bindPopup(
        `<strong>${esc(p.title)}</strong><br>${esc([p.neighbourhood, p.city].filter(Boolean).join(", "))}<br><a href="/property/${encodeURIComponent(p.slug)}" data-slug="${esc(p.slug)}">View property</a>`,
      );
    }
    if (points.length) map.fitBounds(points, { padding: [40, 40], maxZoom: 14 });
    const onClick = (e: MouseEvent) => {
      const a = (e.target as HTMLElement).closest<HTMLAnchorElement>("a[data-slug]");
      if (a) {
        e.preventDefault();
        navigate(`/property/${a.dataset.slug}`);
      }
    };
    const node = el.current;
    node.addEventListener("click", onClick);
    return () => {
      stopWatching();
      node.removeEventListener("click", onClick);
      map.remove();
    };
  }, [properties, navigate]);

  const missing = properties.filter((p) => p.latitude == null || p.longitude == null).length;
  return (
    <div>
      <div className="relative">
        <div
          ref={el}
          className="h-[60vh] min-h-80 w-full overflow-hidden rounded-2xl border border-stone-200 bg-stone-200"
          role="region"
          aria-label="Map of the properties on this page"
        />
        {tilesFailed && (
          <MapFallback>
            <p>Where the properties on this page are:</p>
            <ul className="space-y-1">
              {properties.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/property/${encodeURIComponent(p.slug)}`}
                    className="font-medium text-emerald-800 underline"
                  >
                    {p.title}
                  </Link>
                  {" — "}
                  {[p.neighbourhood, p.city].filter(Boolean).join(", ")}
                </li>
              ))}
            </ul>
          </MapFallback>
        )}
      </div>
      {missing > 0 && (
        <p className="mt-2 text-sm text-stone-600">{missing} of these properties have no map location yet.</p>
      )}
    </div>
  );
}
