import type { BootError } from './session.types';

/**
 * What machines ask of the shell, as data: the app's provided actors and actions turn
 * message keys into text (confirm dialog, snackbar).
 */

/** Asked of the confirm dialog: `title` and `question` are message keys, `values` fill their placeholders; resolves true when approved. */
export interface ConfirmInput {
  title: string;
  question: string;
  values?: Record<string, string | number>;
  danger: true;
  /** Message key of the yes button, when "Delete" is not the word (a key is revoked, not deleted). */
  approveLabel?: string;
}

/** A snackbar message (docs/spec.md §3, §8): a message key, its values, and a colour. */
export interface Notice {
  key: string;
  values?: Record<string, string | number>;
  /** The failure it reports: its translated message fills `{{detail}}`. */
  because?: BootError;
  color: 'success' | 'error' | 'info';
}
