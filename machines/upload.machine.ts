import { assign, fromCallback, setup } from 'xstate';
import type { MediaItem } from './mediaManager.types';
import { defaultUploadData, isRetryable, toUploadError } from './upload.helpers';
import type { UploadActorEvent, UploadData, UploadError, UploadEvent, UploadFile, UploadFileInput } from './upload.types';

export interface UploadContext {
  file: UploadFile;
  folder: number | null;
  data: UploadData;
  loaded: number;
  total: number;
  media: MediaItem | null;
  error: UploadError | null;
  /** Requests started so far (1 on the first upload). */
  attempts: number;
}

export interface UploadInput {
  file: UploadFile;
  folder?: number | null;
  data?: Partial<UploadData>;
}

/**
 * Placeholder that types the upload actor. The app provides a callback actor (XHR, whose
 * upload.onprogress gives progress) that sends `upload.progress`, then `upload.done` or
 * `upload.failed`, and aborts the request in its cleanup when cancelled.
 */
const uploadFile = fromCallback<UploadActorEvent, UploadFileInput>(() => {
  throw new Error('uploadFile must be provided with machine.provide()');
});

/** One file (STYLE.md: spawn per upload): queued → uploading with progress → done | failed → retry. */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    output: {} as { media: MediaItem | null },
  },
  actors: { uploadFile },
  actions: {
    restart: assign({ loaded: 0, error: null, attempts: ({ context }) => context.attempts + 1 }),
  },
  guards: {
    retryable: ({ context }) => isRetryable(context.error),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    file: input.file,
    folder: input.folder ?? null,
    data: defaultUploadData(input.file, input.folder ?? null, input.data),
    loaded: 0,
    total: input.file.size,
    media: null,
    error: null,
    attempts: 0,
  }),
  initial: 'queued',
  states: {
    // The queue (the screen, or a parent that limits how many run at once) says when to start.
    queued: {
      on: {
        'upload.start': { target: 'uploading', actions: 'restart' },
        'upload.cancel': { target: 'cancelled' },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file, folder: context.folder, data: context.data }),
        // A throw inside the actor (it could not even start) is a failure like any other.
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toUploadError(event.error) }) },
      },
      on: {
        'upload.progress': {
          actions: assign({
            loaded: ({ context, event }) => Math.max(context.loaded, Math.min(event.loaded, event.total || event.loaded)),
            total: ({ context, event }) => (event.total > 0 ? event.total : context.total),
          }),
        },
        'upload.done': { target: 'done', actions: assign({ media: ({ event }) => event.media, loaded: ({ context }) => context.total }) },
        'upload.failed': { target: 'failed', actions: assign({ error: ({ event }) => toUploadError(event.error) }) },
        // Leaving the state stops the actor, which aborts the request.
        'upload.cancel': { target: 'cancelled' },
      },
    },
    failed: {
      on: {
        'upload.retry': { guard: 'retryable', target: 'uploading', actions: 'restart' },
        'upload.cancel': { target: 'cancelled' },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ media: context.media }),
});
