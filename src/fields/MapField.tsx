import { lazy, Suspense, useCallback, useState } from 'react';
import type { MapField as MapDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import type { Point } from './map/MapView';
import type { FieldWidgetProps } from './types';
import { inputBase, isInvalid, smallButton } from './ui';

// MapLibre is ~280 kB gzip: its own chunk, loaded only when a form shows a map.
const MapView = lazy(() => import('./map/MapView'));

type LatLng = { lat: number | null; lng: number | null };

/** A point on a map (`{ lat, lng }` or null): click or drag on the map, or type the coordinates. */
export default function MapField({ name, value, onChange, errors, disabled, id }: FieldWidgetProps<LatLng | null, MapDef>) {
  const t = useT();
  // Whether WebGL is missing is a fact about the browser, found out once by the map.
  const [unavailable, setUnavailable] = useState(false);
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  const lat = value?.lat ?? null;
  const lng = value?.lng ?? null;
  const point: Point | null = lat !== null && lng !== null ? { lat, lng } : null;
  const set = (key: 'lat' | 'lng', raw: string) => {
    const n = raw === '' ? null : Number(raw);
    const next = { lat, lng, [key]: n !== null && Number.isFinite(n) ? n : null };
    onChange(next.lat === null && next.lng === null ? null : next);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('fields.map.lat')}
          <input
            id={id}
            name={`${name}.lat`}
            type="number"
            step="any"
            min={-90}
            max={90}
            value={lat ?? ''}
            disabled={disabled}
            aria-invalid={isInvalid(errors)}
            onChange={(e) => set('lat', e.target.value)}
            className={`${inputBase} w-40 py-2 tabular-nums`}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('fields.map.lng')}
          <input
            name={`${name}.lng`}
            type="number"
            step="any"
            min={-180}
            max={180}
            value={lng ?? ''}
            disabled={disabled}
            aria-invalid={isInvalid(errors)}
            onChange={(e) => set('lng', e.target.value)}
            className={`${inputBase} w-40 py-2 tabular-nums`}
          />
        </label>
        {value && (
          <button type="button" className={smallButton} disabled={disabled} onClick={() => onChange(null)}>
            {t('fields.map.clear')}
          </button>
        )}
      </div>
      {unavailable ? (
        <p className="rounded-md border border-dashed border-surface-border p-3 text-sm text-ink-faint">{t('fields.map.unavailable')}</p>
      ) : (
        <Suspense fallback={<div className="h-72 w-full animate-pulse rounded-md bg-surface-overlay" />}>
          <MapView point={point} onPlace={onChange} disabled={disabled} label={t('fields.map.hint')} testId={`${name}-map`} onUnavailable={onUnavailable} />
        </Suspense>
      )}
      <p className="text-xs text-ink-faint">{t('fields.map.hint')}</p>
    </div>
  );
}
