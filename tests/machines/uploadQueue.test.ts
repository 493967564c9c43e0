import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback } from 'xstate';
import { media } from '../../machines/mediaManager.model';
import { uploadMachine } from '../../machines/upload.machine';
import type { UploadActorEvent, UploadFileInput } from '../../machines/upload.types';
import { connectUploadQueue } from '../../machines/uploadQueue.connect';
import { isReplaceFile } from '../../machines/uploadQueue.helpers';
import { type UploadQueueContext, uploadQueueMachine } from '../../machines/uploadQueue.machine';
import { queueFile, uploadQueueModel } from '../../machines/uploadQueue.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(uploadQueueModel);

/** Uploads that take every event and never report: the model's events stand in for their reports. */
const inertUpload = createMachine({ id: 'inertUpload' });
const silentWatcher = fromCallback(() => () => {});

describe('upload queue machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(uploadQueueMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(uploadQueueMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const batches: number[] = [];
      const actor = await walkPath(uploadQueueModel, path, {
        actors: { upload: inertUpload, replaceUpload: inertUpload, watchUpload: silentWatcher },
        actions: { batchFinished: (_: unknown, p: { count: number }) => void batches.push(p.count) },
      });
      const s = actor.getSnapshot();
      const { items, maxConcurrent } = s.context as UploadQueueContext;
      // Invariants in every reachable state.
      expect(items.filter((i) => i.status === 'uploading').length).toBeLessThanOrEqual(maxConcurrent);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      expect(items.some((i) => i.status === 'cancelled')).toBe(false);
      const pending = items.some((i) => i.status === 'queued' || i.status === 'uploading' || i.retrying);
      if (s.matches('idle')) expect(pending).toBe(false);
      // Files are told in the order picked: a finished file before every one still waiting or sending is told.
      const firstPending = items.findIndex((i) => i.status === 'queued' || i.status === 'uploading' || i.retrying);
      items.forEach((i, n) => {
        if (i.status === 'done' && i.media && (firstPending === -1 || n < firstPending)) expect(i.told).toBe(true);
      });
      // A free slot is never left unused while something waits.
      if (items.some((i) => i.status === 'queued' || i.retrying)) expect(items.filter((i) => i.status === 'uploading').length).toBe(maxConcurrent);
      expect(batches.every((n) => n > 0)).toBe(true);
      actor.stop();
    });
  }
});

/** A queue over real upload machines whose requests the test answers through their sendBack. */
function scripted(maxConcurrent = 3) {
  const requests: Array<{ input: UploadFileInput; send: (e: UploadActorEvent) => void; aborted: boolean }> = [];
  const uploadFile = fromCallback<UploadActorEvent, UploadFileInput>(({ input, sendBack }) => {
    const request = { input, send: sendBack, aborted: false };
    requests.push(request);
    return () => void (request.aborted = true);
  });
  const uploaded: Array<{ id: number; kind: string }> = [];
  const batches: number[] = [];
  const actor = createActor(
    uploadQueueMachine.provide({
      actors: {
        upload: uploadMachine.provide({ actors: { uploadFile } }),
        replaceUpload: uploadMachine.provide({ actors: { uploadFile } }),
      },
      actions: {
        uploaded: (_, p) => void uploaded.push({ id: p.media.id, kind: p.kind }),
        batchFinished: (_, p) => void batches.push(p.count),
      },
    }),
    { input: { maxConcurrent } },
  ).start();
  const names = (n: number) => Array.from({ length: n }, (_, i) => queueFile(`f${i + 1}.png`));
  const request = (name: string) => requests.filter((r) => r.input.file.name === name && !r.aborted).at(-1)!;
  const statuses = () => actor.getSnapshot().context.items.map((i) => i.ref.getSnapshot().value);
  return { actor, requests, request, uploaded, batches, names, statuses };
}

describe('upload queue behaviour', () => {
  it('sends at most three at once; the others start as slots free up, oldest first', () => {
    const q = scripted(3);
    q.actor.send({ type: 'files.add', files: q.names(5), folder: 4 });
    expect(q.requests.map((r) => r.input.file.name)).toEqual(['f1.png', 'f2.png', 'f3.png']);
    expect(q.statuses()).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);
    expect(q.requests[0]?.input.folder).toBe(4);

    q.request('f2.png').send({ type: 'upload.done', media: media(2) });
    expect(q.requests.map((r) => r.input.file.name)).toEqual(['f1.png', 'f2.png', 'f3.png', 'f4.png']);
    q.request('f1.png').send({ type: 'upload.failed', error: { status: 503 } });
    expect(q.statuses()).toEqual(['failed', 'done', 'uploading', 'uploading', 'uploading']);
    expect(q.actor.getSnapshot().value).toBe('running');
  });

  it('tells the files that went up in the order they were picked, whatever order they finish in', () => {
    const q = scripted(3);
    q.actor.send({ type: 'files.add', files: q.names(4), folder: null });
    q.request('f3.png').send({ type: 'upload.done', media: media(3) });
    q.request('f2.png').send({ type: 'upload.done', media: media(2) });
    // f1 is still sending: the others wait for it.
    expect(q.uploaded).toEqual([]);
    q.request('f1.png').send({ type: 'upload.failed', error: { status: 503 } });
    // A failed file holds no one up (the user may retry it or not).
    expect(q.uploaded.map((u) => u.id)).toEqual([2, 3]);
    q.request('f4.png').send({ type: 'upload.done', media: media(4) });
    expect(q.uploaded.map((u) => u.id)).toEqual([2, 3, 4]);
  });

  it('a cancelled file holds no one up either', () => {
    const q = scripted(2);
    q.actor.send({ type: 'files.add', files: q.names(2), folder: null });
    q.request('f2.png').send({ type: 'upload.done', media: media(2) });
    expect(q.uploaded).toEqual([]);
    q.actor.send({ type: 'item.cancel', id: q.actor.getSnapshot().context.items[0]!.id });
    expect(q.uploaded.map((u) => u.id)).toEqual([2]);
  });

  it('says once per batch how many files went up, after the last one settles', () => {
    const q = scripted(2);
    q.actor.send({ type: 'files.add', files: q.names(3), folder: null });
    q.request('f1.png').send({ type: 'upload.done', media: media(1) });
    q.request('f2.png').send({ type: 'upload.failed', error: { status: 413 } });
    expect(q.batches).toEqual([]);
    q.request('f3.png').send({ type: 'upload.done', media: media(3) });
    expect(q.batches).toEqual([2]);
    expect(q.uploaded).toEqual([
      { id: 1, kind: 'create' },
      { id: 3, kind: 'create' },
    ]);
    expect(q.actor.getSnapshot().value).toBe('idle');

    // The next batch counts from zero.
    q.actor.send({ type: 'files.add', files: [queueFile('g.png')], folder: null });
    q.request('g.png').send({ type: 'upload.done', media: media(4) });
    expect(q.batches).toEqual([2, 1]);
  });

  it('a batch where nothing went up does not ask for a reload', () => {
    const q = scripted();
    q.actor.send({ type: 'files.add', files: q.names(1), folder: null });
    q.request('f1.png').send({ type: 'upload.failed', error: { status: 415 } });
    expect(q.actor.getSnapshot().value).toBe('idle');
    expect(q.batches).toEqual([]);
  });

  it('a retry waits for a free slot like any other upload', () => {
    const q = scripted(1);
    q.actor.send({ type: 'files.add', files: q.names(2), folder: null });
    q.request('f1.png').send({ type: 'upload.failed', error: { status: 503 } });
    expect(q.statuses()).toEqual(['failed', 'uploading']);
    q.actor.send({ type: 'item.retry', id: 'upload-1' });
    expect(q.statuses()).toEqual(['failed', 'uploading']);
    expect(connectUploadQueue(q.actor.getSnapshot(), q.actor.send).items[0]?.waiting).toBe(true);
    q.request('f2.png').send({ type: 'upload.done', media: media(2) });
    expect(q.statuses()).toEqual(['uploading', 'done']);
    q.request('f1.png').send({ type: 'upload.done', media: media(1) });
    expect(q.batches).toEqual([2]);
  });

  it('a file the server refused for its size or type is not retried', () => {
    const q = scripted();
    q.actor.send({ type: 'files.add', files: q.names(1), folder: null });
    q.request('f1.png').send({ type: 'upload.failed', error: { status: 413 } });
    q.actor.send({ type: 'item.retry', id: 'upload-1' });
    expect(q.requests).toHaveLength(1);
    expect(q.actor.getSnapshot().value).toBe('idle');
  });

  it('cancel aborts the request, takes the row off the list and frees the slot', () => {
    const q = scripted(1);
    q.actor.send({ type: 'files.add', files: q.names(2), folder: null });
    q.actor.send({ type: 'item.cancel', id: 'upload-1' });
    expect(q.requests[0]?.aborted).toBe(true);
    expect(q.actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['f2.png']);
    expect(q.request('f2.png')).toBeDefined();
    q.actor.send({ type: 'all.cancel' });
    expect(q.actor.getSnapshot().context.items).toEqual([]);
    expect(q.actor.getSnapshot().value).toBe('idle');
    expect(q.batches).toEqual([]);
  });

  it('finished uploads stay listed until cleared; failed ones stay', () => {
    const q = scripted();
    q.actor.send({ type: 'files.add', files: q.names(2), folder: null });
    q.request('f1.png').send({ type: 'upload.done', media: media(1) });
    q.request('f2.png').send({ type: 'upload.failed', error: { status: 500 } });
    q.actor.send({ type: 'finished.clear' });
    expect(q.actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['f2.png']);
  });

  it('a replacement goes through the replace upload, carrying the media it replaces', () => {
    const q = scripted();
    const file = queueFile('new.png');
    q.actor.send({ type: 'file.replace', file, media: { id: 7, version: 3 } });
    const sent = q.request('new.png').input.file;
    expect(isReplaceFile(sent) && sent.replaces).toEqual({ id: 7, version: 3 });
    expect(connectUploadQueue(q.actor.getSnapshot(), q.actor.send).items[0]).toMatchObject({ kind: 'replace', target: 7, busy: true });
    q.request('new.png').send({ type: 'upload.done', media: media(7) });
    expect(q.uploaded).toEqual([{ id: 7, kind: 'replace' }]);
    expect(q.batches).toEqual([1]);
  });

  it('an empty drop adds nothing', () => {
    const q = scripted();
    q.actor.send({ type: 'files.add', files: [], folder: null });
    expect(q.actor.getSnapshot().value).toBe('idle');
    expect(q.actor.getSnapshot().context.items).toEqual([]);
  });

  it('stopping the queue aborts every request in flight', () => {
    const q = scripted();
    q.actor.send({ type: 'files.add', files: q.names(2), folder: null });
    q.actor.stop();
    expect(q.requests.every((r) => r.aborted)).toBe(true);
  });
});
