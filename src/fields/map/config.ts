/**
 * Map configuration, set by the build (esbuild.config.ts `define`): where the MapLibre
 * worker and stylesheet were copied, and the tile style URL (`MAP_STYLE_URL` at build
 * time). Without a style URL the map uses a tile-free style, so it works offline and in
 * tests; a style on another host also needs that host in the server's CSP connect-src.
 */
declare const __MAPLIBRE_WORKER_URL__: string | undefined;
declare const __MAPLIBRE_CSS_URL__: string | undefined;
declare const __MAP_STYLE_URL__: string | undefined;

export const MAPLIBRE_WORKER_URL = typeof __MAPLIBRE_WORKER_URL__ === 'string' ? __MAPLIBRE_WORKER_URL__ : '';
export const MAPLIBRE_CSS_URL = typeof __MAPLIBRE_CSS_URL__ === 'string' ? __MAPLIBRE_CSS_URL__ : '';
export const MAP_STYLE_URL = typeof __MAP_STYLE_URL__ === 'string' ? __MAP_STYLE_URL__ : '';

/** Where a map without a point opens: the middle of Italy, the demo market. */
export const DEFAULT_CENTER: [number, number] = [12.5, 42.5];
export const DEFAULT_ZOOM = 4;
export const POINT_ZOOM = 11;

/** Grid lines every `step` degrees, as GeoJSON, for the tile-free style. */
function graticule(step: number) {
  const lines: Array<{ type: 'Feature'; properties: Record<string, never>; geometry: { type: 'LineString'; coordinates: number[][] } }> = [];
  for (let lng = -180; lng <= 180; lng += step) {
    lines.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [lng, -85],
          [lng, 0],
          [lng, 85],
        ],
      },
    });
  }
  for (let lat = -80; lat <= 80; lat += step) {
    const coords: number[][] = [];
    for (let lng = -180; lng <= 180; lng += 10) coords.push([lng, lat]);
    lines.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coords } });
  }
  return { type: 'FeatureCollection' as const, features: lines };
}

/** A style that needs no tile server: a plain background and a one-degree grid. */
export function tileFreeStyle() {
  return {
    version: 8 as const,
    sources: { grid: { type: 'geojson' as const, data: graticule(1) } },
    layers: [
      { id: 'background', type: 'background' as const, paint: { 'background-color': '#1b1e23' } },
      { id: 'grid', type: 'line' as const, source: 'grid', paint: { 'line-color': '#2f353d', 'line-width': 1 } },
    ],
  };
}
