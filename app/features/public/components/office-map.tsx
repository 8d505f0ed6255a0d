/**
 * The office on a Leaflet map (lazy, started when scrolled into view); without tiles, the address
 * and a link to a map instead.
 */
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { COMPANY } from "#core/constants.ts";
import { MapFallback, osmLink, watchTiles } from "./map-fallback.tsx";

export const OFFICE_LOCATION: L.LatLngTuple = [5.6052, -0.1793];

export default function OfficeMap() {
  const el = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    let stop: (() => void) | null = null;
    const start = () => {
      const map = L.map(node, { scrollWheelZoom: false }).setView(OFFICE_LOCATION, 15);
      const tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
        maxZoom: 19,
        attribution:
          '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      }).addTo(map);
      const stopWatching = watchTiles(tiles, () => setTilesFailed(true));
      L.circleMarker(OFFICE_LOCATION, {
        radius: 10,
        color: "#065f46",
        fillColor: "#fcd34d",
        fillOpacity: 1,
        weight: 3,
      })
        .addTo(map)
        .bindPopup(`<strong>${COMPANY.name}</strong><br>${COMPANY.address}`);
      stop = () => {
        stopWatching();
        map.remove();
      };
    };
    // The map (and its tiles) starts when it scrolls into view: nothing is fetched for a map nobody sees.
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      start();
    });
    io.observe(node);
    return () => {
      io.disconnect();
      stop?.();
    };
  }, []);
  return (
    <div className="relative">
      <div
        ref={el}
        role="region"
        aria-label={`Map showing our office: ${COMPANY.address}`}
        className="h-72 w-full overflow-hidden rounded-2xl border border-stone-200 bg-stone-200"
      />
      {tilesFailed && (
        <MapFallback>
          <p>
            Our office: <strong>{COMPANY.address}</strong>
          </p>
          <p>
            <a
              className="font-medium text-emerald-800 underline"
              href={osmLink(OFFICE_LOCATION[0], OFFICE_LOCATION[1])}
              target="_blank"
              rel="noopener"
            >
              Open the location in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </MapFallback>
      )}
    </div>
  );
}
