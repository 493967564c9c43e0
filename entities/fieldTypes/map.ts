import { isPlainObject } from '../formats.js';
import { addError, INVALID, reject } from '../problems.js';
import type { FieldTypeDescription } from './description.js';

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
};
