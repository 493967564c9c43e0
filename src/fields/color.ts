/** Colour values of the color field: `#rrggbb`, or `#rrggbbaa` with alpha. */
const HEX = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i;

/** `#rrggbb` / `#rrggbbaa` → its parts, or null. */
export function parseColor(value: string | null | undefined): { rgb: string; alpha: number } | null {
  const m = HEX.exec((value ?? '').trim());
  if (!m?.[1]) return null;
  return { rgb: `#${m[1].toLowerCase()}`, alpha: m[2] ? parseInt(m[2], 16) / 255 : 1 };
}

/** Colour + opacity → `#rrggbb`, or `#rrggbbaa` when not fully opaque. */
export function formatColor(rgb: string, alpha: number): string {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
  return a === 255 ? rgb.toLowerCase() : `${rgb.toLowerCase()}${a.toString(16).padStart(2, '0')}`;
}
