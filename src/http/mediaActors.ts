import { fromCallback, fromPromise } from 'xstate';
import type { ConfirmRequest } from '../../machines/confirm.machine';
import type { AskConfirm } from '../app/services/confirm';
import { mimeFilterParam } from '../../machines/mediaManager.helpers';
import type {
  ConfirmInput,
  LoadMediaInput,
  MediaFolder,
  MediaItem,
  MediaListResponse,
  MoveMediaInput,
  Notice,
  SaveFolderInput,
  SaveMediaInput,
} from '../../machines/mediaManager.types';
import { errorStatus } from '../../machines/session.helpers';
import { uploadFormData } from '../../machines/upload.helpers';
import type { UploadActorEvent, UploadFileInput } from '../../machines/upload.types';
import { isReplaceFile } from '../../machines/uploadQueue.helpers';
import { t } from '../i18n/i18n';
import { noticeText } from '../i18n/notices';
import { showSnackbar } from '../ui/snackbar';
import { api } from './client';

/** docs/spec.md §7: the media calls go through the back-office's own API path. */
export const MEDIA_API = '/backoffice/api';

const folderUrl = (id: number | null) => `${MEDIA_API}/media-folders/${id === null ? '' : `${id}/`}`;
const mediaUrl = (id: number) => `${MEDIA_API}/media/${id}/`;

/**
 * Media by id for the form fields: GETs are idempotent, so one answer serves every widget
 * that shows the same media, and what the picker returned is known without a call.
 */
const known = new Map<number, Promise<MediaItem>>();

export function rememberMedia(items: MediaItem | MediaItem[]) {
  for (const item of Array.isArray(items) ? items : [items]) known.set(item.id, Promise.resolve(item));
}

export function fetchMedia(id: number, signal?: AbortSignal): Promise<MediaItem> {
  const cached = known.get(id);
  if (cached) return cached;
  // Not shared while in flight with the signal of one caller: a StrictMode double run aborts the first.
  const request = api<MediaItem>(mediaUrl(id), { signal });
  request.then(
    (item) => known.set(id, Promise.resolve(item)),
    () => {},
  );
  return request;
}

function forget(ids: number[]) {
  for (const id of ids) known.delete(id);
}

/** Runs `task` over `items`, at most `limit` at a time, and settles like Promise.allSettled. */
async function settleAll<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      try {
        results[at] = { status: 'fulfilled', value: await task(items[at]!) };
      } catch (reason) {
        results[at] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `GET api/media/{id}` for a field's preview, as an actor a widget can hold. */
export const loadMediaById = fromPromise<MediaItem, { id: number }>(({ input, signal }) => fetchMedia(input.id, signal));

/** The question the confirm actor shows, in the current language. */
export const confirmRequest = (input: ConfirmInput): ConfirmRequest => ({
  title: t(input.title, input.values),
  question: t(input.question, input.values),
  approveLabel: input.danger ? t('confirm.delete') : undefined,
  danger: input.danger,
});

/**
 * The media manager's actors over HTTP (docs/spec.md §7, docs/decisions.md §5) and its snackbar. `ask` is
 * the shell's confirm dialog (`useConfirm()`, src/app/services/confirm.ts).
 */
export function mediaManagerImplementations(ask: AskConfirm) {
  return {
    actors: {
      loadMedia: fromPromise<MediaListResponse, LoadMediaInput>(({ input, signal }) =>
        api<MediaListResponse>(folderUrl(input.folder), {
          signal,
          query: {
            page: input.page,
            search: input.search || undefined,
            all: input.all ? 'true' : undefined,
            fltr: mimeFilterParam(input.mimeType),
          },
        }),
      ),
      loadMediaDetail: fromPromise<MediaItem, { id: number }>(({ input, signal }) => api<MediaItem>(mediaUrl(input.id), { signal })),
      saveMedia: fromPromise<MediaItem, SaveMediaInput>(async ({ input }) => {
        const body = input.version === null ? input.data : { ...input.data, version: input.version };
        const saved = await api<MediaItem>(mediaUrl(input.id), { method: 'PATCH', body });
        rememberMedia(saved);
        return saved;
      }),
      // docs/spec.md §7: one DELETE per id. A media already gone counts as deleted by someone
      // else (not in the count); any other failure fails the whole request.
      deleteMedia: fromPromise<number, { ids: number[] }>(async ({ input }) => {
        const results = await settleAll(input.ids, 4, (id) => api(mediaUrl(id), { method: 'DELETE' }));
        forget(input.ids);
        const failed = results.find((r) => r.status === 'rejected' && errorStatus(r.reason) !== 404);
        if (failed) throw (failed as PromiseRejectedResult).reason;
        return results.filter((r) => r.status === 'fulfilled').length;
      }),
      saveFolder: fromPromise<MediaFolder, SaveFolderInput>(({ input }) =>
        input.id === null
          ? api<MediaFolder>(folderUrl(null), { method: 'POST', body: { title: input.title, parent: input.parent } })
          : // A rename: the folder stays where it is.
            api<MediaFolder>(folderUrl(input.id), { method: 'PATCH', body: { title: input.title, ...(input.version ? { version: input.version } : {}) } }),
      ),
      deleteFolder: fromPromise<unknown, { id: number }>(({ input }) => api(folderUrl(input.id), { method: 'DELETE' })),
      confirm: fromPromise<boolean, ConfirmInput>(({ input }) => ask(confirmRequest(input))),
      loadFolderTree: fromPromise<MediaFolder[], void>(
        async ({ signal }) => (await api<{ folders: MediaFolder[] }>(`${MEDIA_API}/media-folders/tree/`, { signal })).folders,
      ),
      moveMedia: fromPromise<number, MoveMediaInput>(async ({ input }) => {
        const { moved } = await api<{ moved: number }>(`${MEDIA_API}/media/move/`, { method: 'POST', body: input });
        // Their folder and version changed: what a field remembers of them is outdated.
        forget(input.ids);
        return moved;
      }),
    },
    actions: {
      notify: (_: unknown, notice: Notice) => void showSnackbar({ message: noticeText(notice), color: notice.color }),
    },
  };
}

/** What an XHR failure looks like to the machines' error helpers: a status and the body. */
class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(typeof (data as { detail?: unknown })?.detail === 'string' ? (data as { detail: string }).detail : `HTTP ${status}`);
  }
}

function parseBody(xhr: XMLHttpRequest): unknown {
  try {
    return xhr.responseText ? JSON.parse(xhr.responseText) : null;
  } catch {
    return null;
  }
}

/**
 * The upload machine's `uploadFile` actor: a multipart POST over XMLHttpRequest, whose
 * upload progress events fetch cannot give. Same origin, so the browser sends Origin (the
 * server refuses a cookie-authenticated write without it) and the session cookie.
 * Stopping the actor (cancel, or the screen going away) aborts the request. A file that
 * replaces another goes to `api/media/{id}/file` and keeps the media's URL.
 */
export const uploadFile = fromCallback<UploadActorEvent, UploadFileInput>(({ input, sendBack }) => {
  const xhr = new XMLHttpRequest();
  let settled = false;
  const replacing = isReplaceFile(input.file) ? input.file.replaces : null;
  const url = replacing ? `${mediaUrl(replacing.id)}file` : `${MEDIA_API}/media/`;
  const form = replacing ? new FormData() : uploadFormData(input);
  if (replacing) {
    if (replacing.version) form.append('data', JSON.stringify({ version: replacing.version }));
    form.append('file', input.file, input.file.name);
  }
  xhr.open(replacing ? 'PUT' : 'POST', url);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.responseType = 'text';
  xhr.upload.onprogress = (e) => sendBack({ type: 'upload.progress', loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
  xhr.onload = () => {
    settled = true;
    const body = parseBody(xhr);
    if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
      rememberMedia(body as MediaItem);
      sendBack({ type: 'upload.done', media: body as MediaItem });
    } else sendBack({ type: 'upload.failed', error: new UploadHttpError(xhr.status || 500, body) });
  };
  xhr.onerror = () => {
    settled = true;
    sendBack({ type: 'upload.failed', error: new UploadHttpError(0, null) });
  };
  xhr.send(form);
  return () => {
    if (!settled) xhr.abort();
  };
});
