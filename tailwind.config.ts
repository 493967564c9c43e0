import type { Config } from 'tailwindcss';

/** Dark by default (spec §9): the surfaces are named so screens never hard-code greys. */
export default {
  theme: {
    extend: {
      colors: {
        surface: { DEFAULT: '#121417', raised: '#1b1e23', overlay: '#23272e', border: '#2f353d' },
        ink: { DEFAULT: '#e7e9ec', muted: '#9aa3ad', faint: '#6b7480' },
        brand: { DEFAULT: '#3b82f6', strong: '#2563eb', soft: '#1e3a8a' },
        danger: { DEFAULT: '#ef4444', strong: '#dc2626' },
        success: { DEFAULT: '#22c55e' },
      },
    },
  },
} satisfies Config;
