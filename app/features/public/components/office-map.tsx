/** The office on a Leaflet map (lazy); without tiles the marker and the address still show. */
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { COMPANY } from "#core/constants.ts";

export const OFFICE_LOCATION: L.LatLngTuple = [5.6052, -0.1793];

export default function OfficeMap() {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const map = L.map(el.current, { scrollWheelZoom: false }).setView(OFFICE_LOCATION, 15);
    L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    }).addTo(map);
    L.circleMarker(OFFICE_LOCATION, { radius: 10, color: "#065f46", fillColor: "#fcd34d", fillOpacity: 1, weight: 3 })
      .addTo(map)
      .bindPopup(`<strong>${COMPANY.name}</strong><br>${COMPANY.address}`);
    return () => {
      map.remove();
    };
  }, []);
  return <div ref={el} role="region" aria-label={`Map showing our office: ${COMPANY.address}`} className="h-72 w-full overflow-hidden rounded-2xl border border-stone-200 bg-stone-200" />;
}
