import { type ActorRefFrom, and, assign, enqueueActions, fromCallback, setup } from 'xstate';
import type { MediaItem } from './mediaManager.types';
import type { UploadStatus } from './upload.connect';
import { isRetryable } from './upload.helpers';
import { uploadMachine } from './upload.machine';
import type { UploadFile } from './upload.types';
import {
  applyChange,
  DEFAULT_MAX_CONCURRENT,
  isFinished,
  isNews,
  isSettled,
  markStarted,
  type QueueEntry,
  type QueueItemKind,
  type ReplaceFile,
  type ReplaceTarget,
  replaceFile,
  toStart,
  toTell,
  type UploadChange,
} from './uploadQueue.helpers';

export type UploadRef = ActorRefFrom<typeof uploadMachine>;

export interface QueueItem extends QueueEntry {
  /** The spawned upload (STYLE.md: one actor per upload); its rows render its snapshot. */
  ref: UploadRef;
  name: string;
  /** The media whose file a replacement swaps (null for a new file). */
  target: number | null;
}

export interface UploadQueueContext {
  items: QueueItem[];
  maxConcurrent: number;
  /** Ids handed out so far (`upload-1`, `upload-2`, …). */
  seq: number;
  /** Files uploaded since the last batch ended. */
  uploaded: number;
}

export interface UploadQueueInput {
  maxConcurrent?: number;
}

export type UploadQueueEvent =
  | { type: 'files.add'; files: UploadFile[]; folder: number | null }
  | { type: 'file.replace'; file: UploadFile; media: ReplaceTarget }
  | ({ type: 'upload.changed' } & UploadChange)
  | { type: 'item.retry'; id: string }
  | { type: 'item.cancel'; id: string }
  | { type: 'all.cancel' }
  | { type: 'finished.clear' };

/**
 * Reports an upload's status to the queue whenever it changes (not on every progress
 * tick). The queue learns of failures this way: a failed upload is not a final state.
 */
export const watchUpload = fromCallback<UploadQueueEvent, { id: string; ref: UploadRef }>(({ input, sendBack }) => {
  let last: string | null = null;
  const report = (s: ReturnType<UploadRef['getSnapshot']>) => {
    const status = s.value as UploadStatus;
    const key = `${status}:${isRetryable(s.context.error)}`;
    if (key === last) return;
    last = key;
    sendBack({ type: 'upload.changed', id: input.id, status, canRetry: status === 'failed' && isRetryable(s.context.error), media: s.context.media });
  };
  const sub = input.ref.subscribe(report);
  // Every upload starts queued, which the queue knows; anything further along is news.
  if (input.ref.getSnapshot().value !== 'queued') report(input.ref.getSnapshot());
  else last = `queued:false`;
  return () => sub.unsubscribe();
});

const changeOf = (event: UploadQueueEvent): UploadChange =>
  event.type === 'upload.changed'
    ? { id: event.id, status: event.status, canRetry: event.canRetry, media: event.media }
    : { id: '', status: 'queued', canRetry: false, media: null };

/** Read after `mirror` has counted the report. */
const batchParams = ({ context }: { context: UploadQueueContext }) => ({ count: context.uploaded });

/**
 * The owner of the uploads of a screen or a field: spawns one upload machine per file,
 * lets at most `maxConcurrent` send at once (the others wait in `queued`; a retry waits
 * for a slot too), and says when a batch is over so the media list can reload.
 */
export const uploadQueueMachine = setup({
  types: {
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
    input: {} as UploadQueueInput,
  },
  actors: {
    /** New files: `POST api/media/`. */
    upload: uploadMachine,
    /** Replacement files: the app provides an upload machine whose actor sends to `api/media/{id}/file`. */
    replaceUpload: uploadMachine,
    watchUpload,
  },
  actions: {
    /** One file is up (a field takes its id). */
    uploaded: (_, _params: { media: MediaItem; kind: QueueItemKind }) => {},
    /** A batch ended with at least one file up: the media manager reloads. */
    batchFinished: (_, _params: { count: number }) => {},
    pump: enqueueActions(({ context, enqueue }) => {
      const starting = toStart(context.items, context.maxConcurrent);
      if (!starting.length) return;
      for (const { id, how } of starting) {
        const item = context.items.find((i) => i.id === id);
        if (item) enqueue.sendTo(item.ref, { type: how === 'start' ? 'upload.start' : 'upload.retry' });
      }
      enqueue.assign({ items: ({ context: c }) => markStarted(c.items, starting) as QueueItem[] });
    }),
    mirror: assign(({ context, event }) => {
      const change = changeOf(event);
      const item = context.items.find((i) => i.id === change.id);
      return {
        items: applyChange(context.items, change) as QueueItem[],
        uploaded: context.uploaded + (item && item.status !== 'done' && change.status === 'done' ? 1 : 0),
      };
    }),
    resetBatch: assign({ uploaded: 0 }),
    /** Files that went up are told in the order they were picked (toTell), after `mirror`. */
    tell: enqueueActions(({ context, enqueue }) => {
      const { tell, items } = toTell(context.items);
      if (!tell.length) return;
      // A sibling action's name is not in its own setup's types yet: the call is checked by `uploaded`'s signature.
      for (const item of tell) enqueue({ type: 'uploaded', params: { media: item.media as MediaItem, kind: item.kind } } as never);
      enqueue.assign({ items });
    }),
    /** Finished uploads leave the list; their watchers stop with them. */
    dropFinished: enqueueActions(({ context, enqueue }) => {
      for (const item of context.items) if (isFinished(item.status)) enqueue.stopChild(`watch-${item.id}`);
      enqueue.assign({ items: context.items.filter((i) => !isFinished(i.status)) });
    }),
    forgetCancelled: enqueueActions(({ event, enqueue }) => {
      const change = changeOf(event);
      if (change.status === 'cancelled') enqueue.stopChild(`watch-${change.id}`);
    }),
  },
  guards: {
    /** A report that tells something new about an upload of the list. */
    news: ({ context, event }) => event.type === 'upload.changed' && isNews(context.items, changeOf(event)),
    /** The report says a file is up. */
    isDone: ({ event }) => event.type === 'upload.changed' && event.status === 'done',
    batchHasUploads: ({ context }) => context.uploaded > 0,
    /** …after which nothing waits or sends. */
    settles: ({ context, event }) =>
      event.type === 'upload.changed' && isNews(context.items, changeOf(event)) && isSettled(applyChange(context.items, changeOf(event))),
    retryable: ({ context, event }) =>
      event.type === 'item.retry' && context.items.some((i) => i.id === event.id && i.status === 'failed' && i.canRetry && !i.retrying),
    cancellable: ({ context, event }) => event.type === 'item.cancel' && context.items.some((i) => i.id === event.id && !isFinished(i.status)),
    anyCancellable: ({ context }) => context.items.some((i) => !isFinished(i.status)),
    anyFinished: ({ context }) => context.items.some((i) => i.status === 'done'),
    hasFiles: ({ event }) => event.type === 'files.add' && Array.isArray(event.files) && event.files.length > 0,
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({
    items: [],
    maxConcurrent: Math.max(1, Math.floor(input?.maxConcurrent ?? DEFAULT_MAX_CONCURRENT)),
    seq: 0,
    uploaded: 0,
  }),
  on: {
    'files.add': {
      guard: 'hasFiles',
      target: '.running',
      actions: [
        assign(({ context, event, spawn }) => {
          let seq = context.seq;
          const added = event.files.map((file): QueueItem => {
            const id = `upload-${++seq}`;
            const ref = spawn('upload', { id, input: { file, folder: event.folder } });
            spawn('watchUpload', { id: `watch-${id}`, input: { id, ref } });
            return { id, ref, name: file.name, target: null, kind: 'create', status: 'queued', retrying: false, canRetry: false, media: null, told: false };
          });
          return { seq, items: [...context.items, ...added] };
        }),
        'pump',
      ],
    },
    'file.replace': {
      target: '.running',
      actions: [
        assign(({ context, event, spawn }) => {
          const id = `upload-${context.seq + 1}`;
          const file: ReplaceFile = replaceFile(event.file, event.media);
          const ref = spawn('replaceUpload', { id, input: { file, folder: null } });
          spawn('watchUpload', { id: `watch-${id}`, input: { id, ref } });
          const item: QueueItem = {
            id,
            ref,
            name: file.name,
            target: event.media.id,
            kind: 'replace',
            status: 'queued',
            retrying: false,
            canRetry: false,
            media: null,
            told: false,
          };
          return { seq: context.seq + 1, items: [...context.items, item] };
        }),
        'pump',
      ],
    },
    'item.retry': {
      guard: 'retryable',
      target: '.running',
      actions: [assign({ items: ({ context, event }) => context.items.map((i) => (i.id === event.id ? { ...i, retrying: true } : i)) }), 'pump'],
    },
    // The upload says when it is cancelled (upload.changed), which takes it off the list.
    'item.cancel': {
      guard: 'cancellable',
      actions: enqueueActions(({ context, event, enqueue }) => {
        const item = context.items.find((i) => i.id === event.id);
        if (item) enqueue.sendTo(item.ref, { type: 'upload.cancel' });
      }),
    },
    'all.cancel': {
      guard: 'anyCancellable',
      actions: enqueueActions(({ context, enqueue }) => {
        for (const item of context.items) if (!isFinished(item.status)) enqueue.sendTo(item.ref, { type: 'upload.cancel' });
      }),
    },
    'finished.clear': { guard: 'anyFinished', actions: 'dropFinished' },
  },
  initial: 'idle',
  states: {
    /** Nothing sending or waiting; failed uploads may sit in the list for the user. */
    idle: {
      on: {
        // Only a failed upload being cancelled: the list changes, nothing starts.
        'upload.changed': { guard: 'news', actions: ['mirror', 'tell', 'forgetCancelled'] },
      },
    },
    running: {
      on: {
        'upload.changed': [
          // A batch ends when nothing waits or sends; if files went up, the list reloads.
          {
            guard: and(['settles', 'isDone']),
            target: 'idle',
            actions: ['mirror', 'tell', { type: 'batchFinished', params: batchParams }, 'resetBatch'],
          },
          {
            guard: and(['settles', 'batchHasUploads']),
            target: 'idle',
            actions: ['mirror', 'tell', 'forgetCancelled', { type: 'batchFinished', params: batchParams }, 'resetBatch'],
          },
          { guard: 'settles', target: 'idle', actions: ['mirror', 'tell', 'forgetCancelled', 'resetBatch'] },
          // A slot is free again: the next one starts.
          { guard: and(['news', 'isDone']), actions: ['mirror', 'tell', 'pump'] },
          { guard: 'news', actions: ['mirror', 'tell', 'forgetCancelled', 'pump'] },
        ],
      },
    },
  },
});
