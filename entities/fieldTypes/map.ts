import { isPlainObject } from '../formats.js';
import { addError, INVALID, reject } from '../problems.js';
import { cellText } from './cellForms.js';
import type { FieldTypeDescription } from './description.js';

const POINT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** `{ lat, lng }` within the globe, or null. */
export const map: FieldTypeDescription<'map'> = {
  empty: () => null,
  emptyCode: 'null',
  validate: (_field, raw, path, errors) => {
    if (!isPlainObject(raw)) return reject(errors, path, 'map');
    const out: { lat: number; lng: number } = { lat: 0, lng: 0 };
    let bad = false;
    for (const [key, limit] of [
      ['lat', 90],
      ['lng', 180],
    ] as const) {
      const v = raw[key];
      if (v === undefined || v === null) {
        addError(errors, `${path}.${key}`, 'required');
        bad = true;
      } else if (typeof v !== 'number' || !Number.isFinite(v)) {
        addError(errors, `${path}.${key}`, 'number');
        bad = true;
      } else if (v > limit || v < -limit) {
        addError(errors, `${path}.${key}`, v > limit ? 'maxValue' : 'minValue', { n: v > limit ? limit : -limit });
        bad = true;
      } else out[key] = v;
    }
    return bad ? INVALID : out;
  },
  column: 'json',
  sample: () => ({ lat: 45.4642, lng: 9.19 }),
  invalid: (_field, add) => {
    add('not a point', 'Milan');
    add('latitude out of range', { lat: 91, lng: 0 }, '.lat');
    add('longitude not a number', { lat: 45, lng: 'east' }, '.lng');
  },
  // `lat,lng`, as a map site's coordinates are copied; other text is left to validation to refuse.
  cell: {
    toCell: (_field, value) => {
      const p = value as { lat?: unknown; lng?: unknown } | null;
      return p && typeof p.lat === 'number' && typeof p.lng === 'number' ? `${p.lat},${p.lng}` : null;
    },
    fromCell: (_field, cell) => {
      const text = cellText(cell);
      if (text.trim() === '') return null;
      const m = POINT.exec(text);
      return m ? { lat: Number(m[1]), lng: Number(m[2]) } : text;
    },
  },
};
