import type { SnapshotFrom } from 'xstate';
import type { UploadFile } from './upload.types';
import { activeCount, isFinished, pendingCount, type ReplaceTarget } from './uploadQueue.helpers';
import type { UploadQueueEvent, uploadQueueMachine } from './uploadQueue.machine';

export type UploadQueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

/** Snapshot + send → the props of an upload list: its rows (each renders its own upload actor) and the queue's buttons. */
export function connectUploadQueue(snapshot: UploadQueueSnapshot, send: (event: UploadQueueEvent) => void) {
  const c = snapshot.context;
  return {
    busy: snapshot.matches('running'),
    active: activeCount(c.items),
    pending: pendingCount(c.items),
    total: c.items.length,
    items: c.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      name: item.name,
      ref: item.ref,
      /** The media a replacement is for. */
      target: item.target,
      /** Waiting for a slot (a retry asked for, or not started yet). */
      waiting: item.status === 'queued' || item.retrying,
      done: item.status === 'done',
      /** Still to go: waiting or sending. */
      busy: item.status === 'queued' || item.status === 'uploading' || item.retrying,
      retry: () => send({ type: 'item.retry', id: item.id }),
      cancel: () => send({ type: 'item.cancel', id: item.id }),
    })),
    canClearFinished: c.items.some((i) => i.status === 'done'),
    canCancelAll: c.items.some((i) => !isFinished(i.status)),
    add: (files: UploadFile[], folder: number | null) => send({ type: 'files.add', files, folder }),
    replace: (file: UploadFile, media: ReplaceTarget) => send({ type: 'file.replace', file, media }),
    clearFinished: () => send({ type: 'finished.clear' }),
    cancelAll: () => send({ type: 'all.cancel' }),
  };
}

export type UploadQueueProps = ReturnType<typeof connectUploadQueue>;
