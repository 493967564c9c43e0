import type { SnapshotFrom } from 'xstate';
import { formatBytes } from './mediaManager.helpers';
import { isRetryable, percent } from './upload.helpers';
import type { uploadMachine } from './upload.machine';
import type { UploadEvent } from './upload.types';

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** Snapshot + send → the props of one row of the upload list (name, bar, actions). */
export function connectUpload(snapshot: UploadSnapshot, send: (event: UploadEvent) => void) {
  const c = snapshot.context;
  const status = snapshot.value as UploadStatus;
  return {
    status,
    name: c.file.name,
    size: formatBytes(c.file.size),
    percent: status === 'done' ? 100 : percent(c.loaded, c.total),
    /** Bytes known but none acknowledged yet: show an indeterminate bar. */
    indeterminate: status === 'uploading' && c.loaded === 0,
    media: c.media,
    /** Uploaded, and the server is still making its thumbnail and web variant. */
    processing: status === 'done' && c.media?.processing === true,
    error: status === 'failed' ? c.error : null,
    attempts: c.attempts,
    canStart: status === 'queued',
    canRetry: status === 'failed' && isRetryable(c.error),
    canCancel: status === 'queued' || status === 'uploading' || status === 'failed',
    start: () => send({ type: 'upload.start' }),
    retry: () => send({ type: 'upload.retry' }),
    cancel: () => send({ type: 'upload.cancel' }),
  };
}
