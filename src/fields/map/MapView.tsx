import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAP_STYLE_URL, MAPLIBRE_CSS_URL, MAPLIBRE_WORKER_URL, POINT_ZOOM, tileFreeStyle } from './config';

export interface Point {
  lat: number;
  lng: number;
}

export interface MapViewProps {
  point: Point | null;
  onPlace: (point: Point) => void;
  disabled?: boolean;
  label: string;
  testId: string;
  onUnavailable: () => void;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The stylesheet is linked when a map first loads, not merged into the app's CSS. */
function linkStylesheet() {
  if (!MAPLIBRE_CSS_URL || document.querySelector('link[data-maplibre]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = MAPLIBRE_CSS_URL;
  link.dataset.maplibre = '';
  document.head.appendChild(link);
}

let configured = false;
function configure() {
  if (configured) return;
  configured = true;
  if (MAPLIBRE_WORKER_URL) maplibregl.setWorkerUrl(MAPLIBRE_WORKER_URL);
  linkStylesheet();
}

const valid = (p: Point | null): p is Point => !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** MapLibre map (its own chunk): click to place the point, drag the marker to move it. */
export default function MapView({ point, onPlace, disabled, label, testId, onUnavailable }: MapViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const marker = useRef<maplibregl.Marker | null>(null);
  // The latest callbacks and flags, read by the map's listeners without re-creating the map.
  const latest = useRef({ onPlace, disabled, point });
  latest.current = { onPlace, disabled, point };

  useEffect(() => {
    if (!box.current) return;
    configure();
    let instance: maplibregl.Map;
    try {
      const start = latest.current.point;
      instance = new maplibregl.Map({
        container: box.current,
        style: MAP_STYLE_URL || (tileFreeStyle() as maplibregl.StyleSpecification),
        center: valid(start) ? [start.lng, start.lat] : DEFAULT_CENTER,
        zoom: valid(start) ? POINT_ZOOM : DEFAULT_ZOOM,
        attributionControl: MAP_STYLE_URL ? undefined : false,
      });
    } catch (error) {
      console.warn('[map] could not start (no WebGL?)', error);
      onUnavailable();
      return;
    }
    instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    instance.on('click', (e) => {
      if (!latest.current.disabled) latest.current.onPlace({ lat: round(e.lngLat.lat), lng: round(e.lngLat.lng) });
    });
    map.current = instance;
    return () => {
      marker.current = null;
      map.current = null;
      instance.remove();
    };
  }, [onUnavailable]);

  // The marker follows the value, whoever changed it (a click, a drag, the lat/lng boxes).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!valid(point)) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = new maplibregl.Marker({ draggable: !disabled, color: '#3b82f6' }).setLngLat([point.lng, point.lat]).addTo(m);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLngLat();
        if (at) latest.current.onPlace({ lat: round(at.lat), lng: round(at.lng) });
      });
      if (!m.getBounds().contains([point.lng, point.lat])) m.jumpTo({ center: [point.lng, point.lat] });
    } else {
      marker.current.setLngLat([point.lng, point.lat]);
      marker.current.setDraggable(!disabled);
    }
  }, [point?.lat, point?.lng, disabled, point]);

  return (
    <div ref={box} className="h-72 w-full overflow-hidden rounded-md border border-surface-border" role="application" aria-label={label} data-testid={testId} />
  );
}
