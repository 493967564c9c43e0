/** Shared class names of the form widgets (dark theme tokens of tailwind.config.ts). */

/** An input without width and vertical padding: add them (`w-40 py-1`); two width utilities in one class list fight. */
export const inputBase =
  'rounded-md border border-surface-border bg-surface px-3 text-sm text-ink placeholder:text-ink-faint focus:border-brand-ink disabled:opacity-60 aria-[invalid=true]:border-danger';

export const inputClass = `${inputBase} w-full py-2`;

export const smallButton =
  'inline-flex items-center gap-1 rounded-md border border-surface-border px-2 py-1 text-xs text-ink-muted hover:bg-surface-overlay hover:text-ink disabled:opacity-50';

export const iconButton = 'rounded p-1 text-ink-muted hover:bg-surface-overlay hover:text-ink disabled:opacity-40';

export const chipClass = 'inline-flex items-center gap-1 rounded-full bg-surface-overlay px-2.5 py-1 text-xs text-ink';

/** `errors` is optional in the props contract. */
export const isInvalid = (errors?: readonly unknown[]) => (errors?.length ?? 0) > 0;
