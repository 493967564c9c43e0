import type { MediaItem } from './mediaManager.types';

/** A browser File satisfies this; tests pass a Blob with a name. */
export type UploadFile = Blob & { readonly name: string };

/** The `data` JSON part of `POST /api/media/` (docs/decisions.md §5). */
export interface UploadData {
  title: string;
  alt_text: string;
  description: string;
  folder: number | null;
}

/** Input of the `uploadFile` actor. */
export interface UploadFileInput {
  file: UploadFile;
  folder: number | null;
  data: UploadData;
}

export interface UploadError {
  status: number;
  /** A message key for the row under the progress bar. */
  key: string;
}

/**
 * What the `uploadFile` callback actor sends back: progress while the bytes go, then
 * exactly one of done or failed. Stopping the actor (cancel) must abort the request.
 */
export type UploadActorEvent =
  { type: 'upload.progress'; loaded: number; total: number } | { type: 'upload.done'; media: MediaItem } | { type: 'upload.failed'; error: unknown };

export type UploadEvent = UploadActorEvent | { type: 'upload.start' } | { type: 'upload.retry' } | { type: 'upload.cancel' };
