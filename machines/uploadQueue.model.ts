import { media } from './mediaManager.model';
import type { MachineModel } from './model/paths';
import { uploadQueueMachine } from './uploadQueue.machine';

export const queueFile = (name: string) => Object.assign(new Blob(['x'.repeat(10)], { type: 'image/png' }), { name });

const changed = (id: string, status: string, extra: { canRetry?: boolean; media?: unknown } = {}) => ({
  type: 'upload.changed',
  id,
  status,
  canRetry: extra.canRetry ?? false,
  media: extra.media ?? null,
});

/**
 * The upload queue as a test model, one slot wide so a second file has to wait. Each
 * upload reports its status through a watcher: in the model those reports are plain
 * events (`upload.changed`), and walks give the queue inert uploads and watchers.
 */
export const uploadQueueModel: MachineModel = {
  machine: uploadQueueMachine,
  input: { maxConcurrent: 1 },
  actorIds: [],
  // Guards read what each of the first two uploads is doing; later ones only count.
  contextKey: (c: { items: Array<{ id: string; status: string; retrying: boolean; canRetry: boolean }>; uploaded: number }) => [
    c.items.slice(0, 2).map((i) => `${i.id}:${i.status}:${i.retrying}:${i.canRetry}`),
    c.items.length > 2,
    c.uploaded > 0,
  ],
  events: [
    { type: 'files.add', files: [queueFile('a.png'), queueFile('b.png')], folder: 4 },
    { type: 'file.replace', file: queueFile('new.png'), media: { id: 7, version: 2 } },
    changed('upload-1', 'uploading'),
    changed('upload-1', 'done', { media: media(11) }),
    changed('upload-1', 'failed', { canRetry: true }),
    changed('upload-1', 'cancelled'),
    changed('upload-2', 'uploading'),
    changed('upload-2', 'done', { media: media(12) }),
    changed('upload-2', 'failed', { canRetry: false }),
    { type: 'item.retry', id: 'upload-1' },
    { type: 'item.retry', id: 'upload-2' },
    { type: 'item.cancel', id: 'upload-1' },
    { type: 'all.cancel' },
    { type: 'finished.clear' },
  ],
};
