import type { SVGProps } from 'react';

/** Icons of the entity screens (24-unit stroke paths, like src/ui/icons.tsx). */
const PATHS = {
  plus: 'M12 5v14M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  left: 'M15 6l-6 6 6 6',
  right: 'M9 6l6 6-6 6',
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  sort: 'M8 9l4-4 4 4M8 15l4 4 4-4',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  save: 'M5 3h11l3 3v15H5zM8 3v6h8M8 21v-7h8v7',
  back: 'M10 6l-6 6 6 6M4 12h16',
  x: 'M6 6l12 12M18 6L6 18',
  alert: 'M12 3l10 18H2zM12 10v4M12 18h.01',
  filter: 'M4 5h16l-6 8v6l-4 1v-7z',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  upload: 'M12 16V5M7 10l5-5 5 5M5 20h14',
} as const;

export type EntityIconName = keyof typeof PATHS;

export function EIcon({ name, size = 18, ...props }: { name: EntityIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

export const buttonClass = {
  primary: 'inline-flex items-center gap-1.5 rounded-md bg-brand px-3 py-2 text-sm font-medium text-white hover:bg-brand-strong disabled:opacity-50',
  secondary: 'inline-flex items-center gap-1.5 rounded-md border border-surface-border px-3 py-2 text-sm text-ink hover:bg-surface-overlay disabled:opacity-50',
  danger: 'inline-flex items-center gap-1.5 rounded-md bg-danger-strong px-3 py-2 text-sm font-medium text-white hover:bg-danger-deep disabled:opacity-50',
  ghost: 'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink disabled:opacity-40',
};
