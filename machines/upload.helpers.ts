import { errorStatus } from './session.helpers';
import type { UploadData, UploadError, UploadFileInput } from './upload.types';

/** docs/decisions.md §5: title and alt text default to the file name. */
export function defaultUploadData(file: { name: string }, folder: number | null, data: Partial<UploadData> = {}): UploadData {
  return {
    title: data.title?.trim() || file.name,
    alt_text: data.alt_text?.trim() || file.name,
    description: data.description ?? '',
    folder: data.folder !== undefined ? data.folder : folder,
  };
}

/** 0–100, whole numbers; 0 while the total is unknown. */
export function percent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** The multipart body: a `file` part and a `data` JSON part, one file per request. */
export function uploadFormData(input: UploadFileInput): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify({ ...input.data, folder: input.data.folder ?? input.folder }));
  form.append('file', input.file, input.file.name);
  return form;
}

/** Too large (413) or an unsupported type (415) will fail again: no retry for those, nor for a refused payload. */
export const isRetryable = (error: UploadError | null) => error !== null && ![400, 413, 415].includes(error.status);

export function toUploadError(error: unknown): UploadError {
  const status = errorStatus(error);
  const key =
    status === 413
      ? 'upload.tooLarge'
      : status === 415
        ? 'upload.unsupportedType'
        : status === 400
          ? 'upload.refused'
          : status === 403
            ? 'errors.forbidden'
            : 'errors.network';
  return { status, key };
}
