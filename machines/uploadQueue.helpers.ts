import type { MediaItem } from './mediaManager.types';
import type { UploadStatus } from './upload.connect';
import type { UploadFile } from './upload.types';

/** How many files go up at once unless the queue is told otherwise. */
export const DEFAULT_MAX_CONCURRENT = 3;

/** A new file, or a file that replaces the one of an existing media (its URL stays). */
export type QueueItemKind = 'create' | 'replace';

/** What replacing needs to know: the media whose file is swapped and the version read. */
export interface ReplaceTarget {
  id: number;
  version: number | null;
}

/**
 * A file that says which media it replaces. The upload machine hands its file to the
 * upload actor untouched, so the replace actor reads the target from the file itself.
 */
export type ReplaceFile = UploadFile & { readonly replaces: ReplaceTarget };

export const replaceFile = (file: UploadFile, target: ReplaceTarget): ReplaceFile => Object.assign(file, { replaces: target });

export const isReplaceFile = (file: UploadFile): file is ReplaceFile => typeof (file as Partial<ReplaceFile>).replaces?.id === 'number';

/** The queue's view of one upload: its status as last reported by the upload itself. */
export interface QueueEntry {
  id: string;
  kind: QueueItemKind;
  status: UploadStatus;
  /** A failed upload the user asked to retry, waiting for a free slot. */
  retrying: boolean;
  /** The upload said a retry can succeed (not too large, not a refused type). */
  canRetry: boolean;
  /** What a finished upload made, until it is told (`uploaded`), in the order the files were picked. */
  media: MediaItem | null;
  told: boolean;
}

/** What an upload's watcher reports whenever its status changes. */
export interface UploadChange {
  id: string;
  status: UploadStatus;
  canRetry: boolean;
  media: MediaItem | null;
}

/** Uploads holding a slot: sending bytes now. */
export const activeCount = (items: readonly QueueEntry[]) => items.filter((i) => i.status === 'uploading').length;

/** Uploads still to go: waiting for a slot, sending, or waiting to retry. */
export const pendingCount = (items: readonly QueueEntry[]) => items.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.retrying).length;

/** Nothing is waiting or sending: the batch is over (failed ones wait for the user). */
export const isSettled = (items: readonly QueueEntry[]) => pendingCount(items) === 0;

/**
 * Who starts now, oldest first, while fewer than `max` are sending: queued files start,
 * failed files the user asked to retry go again.
 */
export function toStart(items: readonly QueueEntry[], max: number): Array<{ id: string; how: 'start' | 'retry' }> {
  let free = Math.max(0, max - activeCount(items));
  const out: Array<{ id: string; how: 'start' | 'retry' }> = [];
  for (const item of items) {
    if (free === 0) break;
    if (item.status === 'queued') out.push({ id: item.id, how: 'start' });
    else if (item.status === 'failed' && item.retrying) out.push({ id: item.id, how: 'retry' });
    else continue;
    free--;
  }
  return out;
}

/**
 * What an upload can report next, given what the queue knows of it. Only the queue starts
 * and retries uploads (and counts them as sending at once), so a queued or failed upload
 * can only go on to be cancelled; a sending one ends done, failed or cancelled.
 */
const NEXT: Record<UploadStatus, readonly UploadStatus[]> = {
  queued: ['cancelled'],
  uploading: ['done', 'failed', 'cancelled'],
  failed: ['cancelled'],
  done: [],
  cancelled: [],
};

/** A report about an upload of the list that moves it on; anything else is stale. */
export function isNews(items: readonly QueueEntry[], change: UploadChange): boolean {
  const item = items.find((i) => i.id === change.id);
  return !!item && NEXT[item.status].includes(change.status);
}

/** The entries after an upload reported a change; a cancelled upload leaves the list. */
export function applyChange(items: readonly QueueEntry[], change: UploadChange): QueueEntry[] {
  if (change.status === 'cancelled') return items.filter((i) => i.id !== change.id);
  return items.map((i) =>
    i.id === change.id
      ? { ...i, status: change.status, canRetry: change.canRetry, retrying: change.status === 'failed' ? i.retrying : false, media: change.media ?? i.media }
      : i,
  );
}

/**
 * The finished files to tell now, in the order they were picked: each waits for the
 * files picked before it that still wait or send (a failed one holds no one up), so a
 * gallery fills in the order the user chose, not the order the network finished in.
 */
export function toTell<T extends QueueEntry>(items: readonly T[]): { tell: T[]; items: T[] } {
  const tell: T[] = [];
  for (const item of items) {
    if (item.status === 'queued' || item.status === 'uploading' || item.retrying) break;
    if (item.status === 'done' && !item.told && item.media) tell.push(item);
  }
  const ids = new Set(tell.map((i) => i.id));
  return { tell, items: tell.length ? items.map((i) => (ids.has(i.id) ? { ...i, told: true } : i)) : [...items] };
}

/** The entries once the given uploads have been told to start: they hold their slots at once. */
export function markStarted(items: readonly QueueEntry[], started: ReadonlyArray<{ id: string }>): QueueEntry[] {
  const ids = new Set(started.map((s) => s.id));
  return items.map((i) => (ids.has(i.id) ? { ...i, status: 'uploading' as const, retrying: false } : i));
}

export const isFinished = (status: UploadStatus) => status === 'done' || status === 'cancelled';
