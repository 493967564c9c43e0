import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../../errors.js';
import { bodyRefusal } from '../../plugins/bodyCheck.js';
import { uploadBody } from '../../plugins/slowBodies.js';

/** A file received into the staging folder, not yet checked. */
export interface StagedFile {
  path: string;
  size: number;
  /** The client's file name, cleaned for display (never used as a path). */
  name: string;
}

export interface ReceivedForm {
  file?: StagedFile;
  /** The `data` part: parsed JSON, or undefined when absent. */
  data?: unknown;
}

export const tooLarge = (maxBytes: number) => new HttpError(413, { detail: `The file is too large: the limit is ${formatBytes(maxBytes)}.` });

function formatBytes(n: number) {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/**
 * A client's file name made safe to show and store: the last path segment only (so
 * `../../etc/passwd` is `passwd`), no control or bidi-override characters (which disguise
 * `exe.jpg`), no leading dots, at most 255 characters. Empty when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this strips
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .trim()
    .replace(/^[.\s]+/, '');
  return Array.from(cleaned).slice(0, 255).join('');
}

/** Our answer to an error raised while the multipart body was read. */
function asClientError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; syscall?: string };
  if (e?.syscall) return error; // our disk, not the client's body: a 500
  switch (e?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, { detail: 'Send the upload as multipart/form-data with a "file" part.' });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return fieldError('data', 'jsonInvalid');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, { detail: 'The form has too many parts.' });
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, { detail: 'The form has an invalid field name.' });
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, { detail: 'The upload was interrupted.' });
    default:
      // busboy: truncated body, bad boundary, malformed part headers…
      return new HttpError(400, { detail: 'The multipart body is malformed or incomplete.' });
  }
}

export async function discardStaged(file: StagedFile | undefined) {
  if (file) await fsp.rm(file.path, { force: true });
}

/**
 * Reads a multipart body: the `file` part is streamed into the staging folder (never held
 * in memory; at most `maxBytes`), the `data` part (or the one named `dataField`: an import's
 * `options`) is parsed as JSON. Other fields are ignored; a second file, or a file under
 * another name, is refused. On any error nothing is left in the staging folder.
 */
export async function receiveForm(req: FastifyRequest, opts: { stagingDir: string; maxBytes: number; dataField?: string }): Promise<ReceivedForm> {
  const form: ReceivedForm = {};
  const dataField = opts.dataField ?? 'data';
  // Only reached once the sender may upload: the body may now take as long as it keeps coming.
  uploadBody(req.raw);
  try {
    await fsp.mkdir(opts.stagingDir, { recursive: true });
    const parts = req.parts({
      limits: { fileSize: opts.maxBytes, files: 2, fields: 20, parts: 25, fieldSize: 256 * 1024, fieldNameSize: 100, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw fieldError(part.fieldname.slice(0, 100) || 'file', 'fileUnexpected');
        if (form.file) throw fieldError('file', 'fileOne');
        const file = path.join(opts.stagingDir, `${randomBytes(16).toString('hex')}.upload`);
        form.file = { path: file, size: 0, name: cleanFileName(part.filename) };
        await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge(opts.maxBytes);
        form.file.size = (await fsp.stat(file)).size;
      } else if (part.fieldname === dataField) {
        if (form.data !== undefined) throw fieldError(dataField, 'dataOne');
        form.data = parseData(part.value, dataField);
      }
    }
    return form;
  } catch (error) {
    await discardStaged(form.file);
    throw asClientError(error, opts.maxBytes);
  }
}

function parseData(value: unknown, field: string): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      parsed = JSON.parse(value);
    } catch {
      throw fieldError(field, 'jsonInvalid');
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw fieldError(field, 'jsonObject');
  }
  // A JSON body that never passed the check of every other JSON body (plugins/security.ts).
  const refusal = bodyRefusal(parsed);
  if (refusal) throw refusal;
  return parsed;
}
