import { media } from './mediaManager.model';
import { fail, type MachineModel } from './model/paths';
import { uploadMachine } from './upload.machine';

export const file = Object.assign(new Blob(['x'.repeat(100)], { type: 'image/jpeg' }), { name: 'tractor.jpg' });

/**
 * One upload as a test model. The upload actor is a callback actor: progress, done and
 * failed are events it sends back (walks deliver them through it); a throw is its error.
 */
export const uploadModel: MachineModel & { callbackEvents: Record<string, string[]> } = {
  machine: uploadMachine,
  input: { file, folder: 3 },
  actorIds: ['uploadFile'],
  callbackEvents: { uploadFile: ['upload.progress', 'upload.done', 'upload.failed'] },
  events: [
    { type: 'upload.start' },
    { type: 'upload.progress', loaded: 40, total: 100 },
    { type: 'upload.done', media: media(9, { name: 'tractor.jpg' }) },
    { type: 'upload.failed', error: { status: 503 } },
    fail('uploadFile', new Error('network down')),
    { type: 'upload.retry' },
    { type: 'upload.cancel' },
  ],
};
