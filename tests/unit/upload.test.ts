import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectUpload } from '../../machines/upload.connect';
import { defaultUploadData, isRetryable, percent, toUploadError, uploadFormData } from '../../machines/upload.helpers';
import { uploadMachine } from '../../machines/upload.machine';
import { file } from '../../machines/upload.model';
import type { UploadEvent } from '../../machines/upload.types';

describe('upload helpers', () => {
  it('defaults title and alt text to the file name, keeping what was given', () => {
    expect(defaultUploadData({ name: 'a.png' }, 4)).toEqual({ title: 'a.png', alt_text: 'a.png', description: '', folder: 4 });
    expect(defaultUploadData({ name: 'a.png' }, 4, { title: ' Logo ', folder: null })).toEqual({
      title: 'Logo',
      alt_text: 'a.png',
      description: '',
      folder: null,
    });
  });

  it('computes a whole percentage, 0 while the total is unknown', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 4)).toBe(100);
  });

  it('builds the multipart body with a file part and a data JSON part', async () => {
    const form = uploadFormData({ file, folder: 3, data: defaultUploadData(file, 3) });
    expect(JSON.parse(form.get('data') as string)).toEqual({ title: 'tractor.jpg', alt_text: 'tractor.jpg', description: '', folder: 3 });
    const part = form.get('file') as File;
    expect(part.name).toBe('tractor.jpg');
    expect(part.size).toBe(100);
  });

  it('maps failures to message keys and knows which are worth retrying', () => {
    expect(toUploadError({ status: 413, data: { detail: 'Too big' } })).toEqual({ status: 413, key: 'upload.tooLarge' });
    expect(toUploadError(new Error('offline'))).toMatchObject({ status: 500, key: 'errors.network' });
    expect(isRetryable(toUploadError({ status: 502 }))).toBe(true);
    expect(isRetryable(toUploadError({ status: 415 }))).toBe(false);
    expect(isRetryable(null)).toBe(false);
  });
});

describe('connectUpload', () => {
  const base = createActor(uploadMachine, { input: { file } }).getSnapshot().context;
  const snap = (value: string, context: Partial<typeof base> = {}) => uploadMachine.resolveState({ value, context: { ...base, ...context } });

  it('describes each status with the actions it allows', () => {
    const sent: UploadEvent[] = [];
    const send = (e: UploadEvent) => void sent.push(e);
    expect(connectUpload(snap('queued'), send)).toMatchObject({
      status: 'queued',
      name: 'tractor.jpg',
      size: '100 B',
      percent: 0,
      canStart: true,
      canCancel: true,
      canRetry: false,
    });
    expect(connectUpload(snap('uploading', { loaded: 25, total: 100 }), send)).toMatchObject({ percent: 25, indeterminate: false, canStart: false });
    expect(connectUpload(snap('uploading'), send).indeterminate).toBe(true);
    expect(connectUpload(snap('done'), send)).toMatchObject({ percent: 100, canCancel: false, processing: false });
    // The server answered before the image's variants exist: the row says it is still being processed.
    const image = { id: 4, name: 'tractor.jpg', url: '/media/a.jpg', mime_type: 'image/jpeg', size: 100, thumbnail_url: null };
    expect(connectUpload(snap('done', { media: { ...image, processing: true } }), send).processing).toBe(true);
    expect(connectUpload(snap('done', { media: { ...image, processing: false } }), send).processing).toBe(false);
    const failed = connectUpload(snap('failed', { error: { status: 503, key: 'errors.network' } }), send);
    expect(failed).toMatchObject({ canRetry: true, error: { status: 503 } });
    expect(connectUpload(snap('failed', { error: { status: 413, key: 'upload.tooLarge' } }), send).canRetry).toBe(false);
    failed.retry();
    failed.cancel();
    expect(sent).toEqual([{ type: 'upload.retry' }, { type: 'upload.cancel' }]);
  });
});
