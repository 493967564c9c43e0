import type { Config } from 'tailwindcss';

/** Dark by default (docs/spec.md §9): the surfaces are named so screens never hard-code greys. */
export default {
  theme: {
    extend: {
      colors: {
        surface: { DEFAULT: '#121417', raised: '#1b1e23', overlay: '#23272e', border: '#2f353d', selected: '#161f3a' },
        // Every text colour reads at ≥ 4.5:1 on every surface (WCAG 2.2 AA; issue 18).
        ink: { DEFAULT: '#e7e9ec', muted: '#9aa3ad', faint: '#8a939e' },
        // `brand` fills controls that carry white text (5.2:1); `brand-ink` is blue text, rings and accents on the dark surfaces.
        brand: { DEFAULT: '#2563eb', strong: '#1d4ed8', soft: '#1e3a8a', ink: '#60a5fa' },
        // `danger` is red text and marks on the dark surfaces; `danger-strong` fills a button under white text, `danger-deep` on hover.
        danger: { DEFAULT: '#f87171', strong: '#dc2626', deep: '#b91c1c' },
        success: { DEFAULT: '#22c55e' },
      },
    },
  },
} satisfies Config;
