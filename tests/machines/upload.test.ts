import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { media } from '../../machines/mediaManager.model';
import { uploadMachine } from '../../machines/upload.machine';
import { file, uploadModel } from '../../machines/upload.model';
import type { UploadActorEvent, UploadFileInput } from '../../machines/upload.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';
import { exactly } from '../tuples';

const paths = pathsOf(uploadModel);

describe('upload machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(uploadMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(uploadMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(uploadModel, path);
      const s = actor.getSnapshot();
      expect(s.context.loaded).toBeLessThanOrEqual(s.context.total);
      if (s.matches('done')) expect(s.context.media).not.toBeNull();
      if (s.matches('failed')) expect(s.context.error).not.toBeNull();
      if (s.matches('queued')) expect(s.context.attempts).toBe(0);
      actor.stop();
    });
  }
});

/** An upload whose actor is driven by the test through the captured sendBack. */
function scripted() {
  const runs: Array<{ input: UploadFileInput; send: (e: UploadActorEvent) => void; aborted: boolean }> = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        uploadFile: fromCallback<UploadActorEvent, UploadFileInput>(({ input, sendBack }) => {
          const run = { input, send: sendBack, aborted: false };
          runs.push(run);
          return () => void (run.aborted = true);
        }),
      },
    }),
    { input: { file, folder: 3 } },
  ).start();
  return { actor, runs };
}

describe('upload machine behaviour', () => {
  it('sends the file with title and alt text defaulting to the file name, into the folder', () => {
    const { actor, runs } = scripted();
    actor.send({ type: 'upload.start' });
    expect(runs[0]?.input).toEqual({ file, folder: 3, data: { title: 'tractor.jpg', alt_text: 'tractor.jpg', description: '', folder: 3 } });
  });

  it('tracks progress, never backwards, and ends with the created media as output', () => {
    const { actor, runs } = scripted();
    actor.send({ type: 'upload.start' });
    const [run] = exactly(runs, 1);
    run.send({ type: 'upload.progress', loaded: 60, total: 120 });
    run.send({ type: 'upload.progress', loaded: 30, total: 120 });
    expect(actor.getSnapshot().context).toMatchObject({ loaded: 60, total: 120 });
    run.send({ type: 'upload.done', media: media(9) });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ media: media(9) });
    expect(actor.getSnapshot().context.loaded).toBe(120);
  });

  it('a failed upload can be retried: a new request, progress from zero', () => {
    const { actor, runs } = scripted();
    actor.send({ type: 'upload.start' });
    const [run] = exactly(runs, 1);
    run.send({ type: 'upload.progress', loaded: 50, total: 100 });
    run.send({ type: 'upload.failed', error: { status: 503 } });
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 503, key: 'errors.network' });
    actor.send({ type: 'upload.retry' });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(runs).toHaveLength(2);
    expect(actor.getSnapshot().context).toMatchObject({ loaded: 0, error: null, attempts: 2 });
  });

  it('a file that is too large or of a refused type is not retried', () => {
    for (const [status, key] of [
      [413, 'upload.tooLarge'],
      [415, 'upload.unsupportedType'],
    ] as const) {
      const { actor, runs } = scripted();
      actor.send({ type: 'upload.start' });
      const [run] = exactly(runs, 1);
      run.send({ type: 'upload.failed', error: { status } });
      expect(actor.getSnapshot().context.error?.key).toBe(key);
      actor.send({ type: 'upload.retry' });
      expect(actor.getSnapshot().value).toBe('failed');
      expect(runs).toHaveLength(1);
    }
  });

  it('cancel stops the actor, which aborts the request', () => {
    const { actor, runs } = scripted();
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'upload.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(runs[0]?.aborted).toBe(true);
  });

  it('an upload actor that was not provided fails the upload instead of crashing', async () => {
    const actor = createActor(uploadMachine, { input: { file } }).start();
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.status).toBe(500);
  });
});
