/**
 * When map tiles cannot load (offline, blocked, the tile server down), Leaflet leaves a grey box
 * with markers floating on nothing. The maps watch their tile layer and, if no tile arrives,
 * show this panel over the box instead: what the map was to show, in words and links.
 */
import type { TileLayer } from "leaflet";
import type { ReactNode } from "react";

/** How long a map may go without a single tile before it is given up on. */
const NO_TILE_TIMEOUT_MS = 8000;

/** Calls `onFail` once if the layer's first tile fails, or if none has loaded after a while. */
export function watchTiles(layer: TileLayer, onFail: () => void): () => void {
  let loaded = false;
  let failed = false;
  const fail = () => {
    if (loaded || failed) return;
    failed = true;
    onFail();
  };
  layer.on("tileload", () => (loaded = true));
  layer.on("tileerror", fail);
  const timer = setTimeout(fail, NO_TILE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}

export function MapFallback({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="map-fallback"
      role="status"
      className="absolute inset-0 z-[1000] overflow-auto bg-stone-50/95 p-5 text-sm text-stone-800"
    >
      <p className="font-semibold">The map could not load.</p>
      <div className="mt-2 space-y-2">{children}</div>
    </div>
  );
}

export function osmLink(lat: number, lon: number, zoom = 17): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}
