import toast from 'react-hot-toast';

export type SnackbarColor = 'success' | 'error' | 'info';

/** The app's snackbar (docs/spec.md §3: a message and a colour). */
export function showSnackbar({ message, color = 'info' }: { message: string; color?: SnackbarColor }) {
  if (color === 'success') return toast.success(message);
  if (color === 'error') return toast.error(message);
  return toast(message);
}
