import { lazy, Suspense } from 'react';
import type { MediaPickerDialogProps } from './MediaPickerDialog';

const MediaPickerDialog = lazy(() => import('./MediaPickerDialog'));

/**
 * The media picker, loaded when it first opens: a form with media fields does not
 * download the media browser until someone chooses from the library.
 */
export default function LazyMediaPickerDialog(props: MediaPickerDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <MediaPickerDialog {...props} />
    </Suspense>
  );
}
