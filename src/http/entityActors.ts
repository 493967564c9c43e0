import { fromPromise } from 'xstate';
import type { EntityDef } from '../../entities/define';
import { validateRecord } from '../../entities/validateRecord';
import type { Option, SearchOptionsInput } from '../../machines/autocomplete.machine';
import type {
  DeleteRowInput,
  Draft,
  DraftKey,
  FetchRowInput,
  FieldErrors,
  PendingInput,
  PendingRow,
  PreviewLink,
  SavePendingInput,
  SaveRowInput,
  ValidateInput,
  VersionedRow,
} from '../../machines/entityForm.types';
import { toApiParams } from '../../machines/entityList.helpers';
import type { BulkUpdateInput, ConfirmInput, DeleteRowsInput, ExportRowsInput, FetchPageInput, Notice, PageAnswer, Row } from '../../machines/entityList.types';
import type { Job } from '../../machines/jobs.types';
import { errorStatus } from '../../machines/session.helpers';
import type { AskConfirm } from '../app/services/confirm';
import { refsOf, rowTitle, toFormRow } from '../entity/formValues';
import { rememberTitles } from '../fields/refTitles';
import { t } from '../i18n/i18n';
import { noticeText } from '../i18n/notices';
import { showSnackbar } from '../ui/snackbar';
import { api } from './client';
import { saveFile } from './download';

/**
 * The entity list and form machines' actors over HTTP (docs/decisions.md §4). Where the API's
 * shapes differ from what the machines keep, this layer adapts them (see toFormRow).
 */

/** `products/category` → `/api/products/category/` (trailing slash: the API's canonical form). */
export const resourceUrl = (resource: string, id?: number | string) => `/api/${resource.replace(/^\/+|\/+$/g, '')}/${id === undefined ? '' : `${id}/`}`;

/** An HTTP failure with a body the machines read (`status`, `data`), for rewritten answers. */
class HttpFailure extends Error {
  readonly statusCode: number;
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
    this.statusCode = status;
  }
}

/**
 * A request whose actor was stopped settles never. React's StrictMode stops and restarts
 * actors (@xstate/react rehydrates the same child), which runs the request again; without
 * this the first request's abort would reach the restarted machine as a failure.
 */
export function quietOnAbort<T>(signal: AbortSignal, request: Promise<T>): Promise<T> {
  return request.catch((error: unknown) => {
    if (signal.aborted) return new Promise<T>(() => {});
    throw error;
  });
}

/** Titles of every row a list or detail refers to, for the foreign-key widgets and cells. */
function rememberRefs(entity: EntityDef | undefined, rows: Row[]) {
  if (!entity) return;
  for (const row of rows) {
    for (const [name, ref] of Object.entries(refsOf(row))) {
      const field = entity.fields[name];
      if ((field?.type === 'fk' || field?.type === 'm2m') && ref) rememberTitles(field.target, Array.isArray(ref) ? ref : [ref]);
    }
    rememberTitles(entity.name, [{ id: row.id, title: rowTitle(entity, row) }]);
  }
}

/** The question of a machine (message keys + values) asked through the shell's confirm dialog. */
export const confirmActor = (ask: AskConfirm) =>
  fromPromise<boolean, ConfirmInput>(({ input }) =>
    ask({
      title: t(input.title, input.values),
      question: t(input.question, input.values),
      danger: input.danger,
      approveLabel: input.danger ? t(input.approveLabel ?? 'confirm.delete') : undefined,
    }),
  );

export const notify = (notice: Notice) => showSnackbar({ message: noticeText(notice), color: notice.color });

export function entityListActors(ask: AskConfirm, entity?: EntityDef) {
  return {
    fetchPage: fromPromise<PageAnswer, FetchPageInput>(async ({ input, signal }) => {
      const answer = await quietOnAbort(signal, api<PageAnswer>(resourceUrl(input.resource), { query: toApiParams(input.query), signal }));
      rememberRefs(entity, answer.items);
      return answer;
    }),
    /** One row: `DELETE …/<id>/`; several: `POST …/bulk_delete/` (`{ deleted, not_found }`). */
    deleteRows: fromPromise<number, DeleteRowsInput>(async ({ input }) => {
      if (input.ids.length === 1) {
        await api(resourceUrl(input.resource, input.ids[0]), { method: 'DELETE' });
        return 1;
      }
      const answer = await api<{ deleted: unknown[] }>(`${resourceUrl(input.resource)}bulk_delete/`, { method: 'POST', body: { ids: input.ids } });
      return answer.deleted.length;
    }),
    /** `GET …/export/?format=&<the list's query, without its page>[&ids=]`, saved under the name the server gives. */
    exportRows: fromPromise<void, ExportRowsInput>(async ({ input, signal }) => {
      const { page: _page, items: _items, ...listQuery } = toApiParams(input.query);
      const query = { ...listQuery, format: input.format, ...(input.ids ? { ids: input.ids.join(',') } : {}) };
      const res = await quietOnAbort(signal, api.raw<Blob, 'blob'>(`${resourceUrl(input.resource)}export/`, { query, signal, responseType: 'blob' }));
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `export.${input.format}`;
      saveFile(res._data!, name);
    }),
    /** `POST …/bulk_update/ {ids | filter, set}` → `202 {job}`. */
    bulkUpdate: fromPromise<{ job: Job }, BulkUpdateInput>(({ input: { resource, ...body } }) =>
      api<{ job: Job }>(`${resourceUrl(resource)}bulk_update/`, { method: 'POST', body }),
    ),
    confirm: confirmActor(ask),
  };
}

/** Where a draft lives: per site (host), entity resource and row (`new` before creation). */
export const draftStorageKey = (host: string, key: DraftKey) => `backoffice.draft:${host}:${key.resource}:${key.id}`;

function readDraft(storage: Storage, name: string): Draft | null {
  const raw = storage.getItem(name);
  if (!raw) return null;
  const parsed = JSON.parse(raw) as Partial<Draft>;
  if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.values !== 'object') return null;
  return { values: parsed.values, version: typeof parsed.version === 'number' ? parsed.version : null, savedAt: String(parsed.savedAt ?? '') };
}

export interface FormActorOptions {
  entity: EntityDef;
  /** The site's languages, default first. */
  languages: string[];
  defaultLanguage: string;
  host: string;
  storage?: Storage;
}

/**
 * The row id a singleton's form works with (one row per site, at `/api<path>/`): the
 * server's id never reaches the form, so drafts and the URL stay the same across saves.
 */
export const SINGLETON_ID = 'singleton';

const isDraftRef = (v: unknown): v is { id: number } => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number';

/** The entity form's actors and storage/snackbar actions; `navigate` is the screen's. */
export function entityFormActors(ask: AskConfirm, opts: FormActorOptions) {
  const { entity, languages, defaultLanguage, host } = opts;
  const storage = opts.storage ?? window.localStorage;
  const singleton = entity.singleton !== undefined;
  const urlOf = (resource: string, id: number | string) => (singleton ? resourceUrl(resource) : resourceUrl(resource, id));
  const adapt = (row: Record<string, unknown>): PendingRow => {
    rememberRefs(entity, [row as Row]);
    const formRow = toFormRow(entity, row, languages);
    // Whether the row has a pending draft on the server, and which one the answer is (issue 16).
    const pending = {
      ...(typeof row.has_draft === 'boolean' ? { has_draft: row.has_draft } : {}),
      ...(isDraftRef(row.draft) ? { draft: { id: row.draft.id } } : {}),
    };
    return { ...formRow, ...pending, ...(singleton ? { id: SINGLETON_ID } : {}) };
  };
  /** `…/<id>/draft/`, `…/<id>/publish/`, `…/<id>/preview/` (a singleton's: `/api<path>/draft/` …). */
  const pendingUrl = (input: { resource: string; id: number | string }, what: 'draft' | 'publish' | 'preview') => `${urlOf(input.resource, input.id)}${what}/`;
  const failing =
    <I, O>(run: (input: I) => Promise<O>) =>
    async ({ input }: { input: I }) => {
      try {
        return await run(input);
      } catch (error) {
        throw adaptError(error);
      }
    };
  /** A 409 carries the server's row in the API's shape: the conflict diff needs the form's. */
  const adaptError = (error: unknown): unknown => {
    const data = (error as { data?: { current?: unknown } }).data;
    if (errorStatus(error) === 409 && data && typeof data.current === 'object' && data.current !== null) {
      return new HttpFailure(409, { ...data, current: adapt(data.current as Record<string, unknown>) });
    }
    return error;
  };

  return {
    actors: {
      loadDraft: fromPromise<Draft | null, DraftKey>(async ({ input }) => readDraft(storage, draftStorageKey(host, input))),
      fetchRow: fromPromise<VersionedRow, FetchRowInput>(async ({ input, signal }) =>
        adapt(await quietOnAbort(signal, api<Record<string, unknown>>(urlOf(input.resource, input.id), { signal }))),
      ),
      /** Create: `POST`; update: `PUT` with the version the edits started from (409 when stale). */
      saveRow: fromPromise<VersionedRow, SaveRowInput>(async ({ input }) => {
        try {
          const row =
            input.id === null
              ? await api<Record<string, unknown>>(resourceUrl(input.resource), { method: 'POST', body: input.values })
              : await api<Record<string, unknown>>(urlOf(input.resource, input.id), {
                  method: 'PUT',
                  body: { ...input.values, version: input.version },
                });
          return adapt(row);
        } catch (error) {
          throw adaptError(error);
        }
      }),
      deleteRow: fromPromise<unknown, DeleteRowInput>(async ({ input }) => {
        try {
          return await api<unknown>(resourceUrl(input.resource, input.id), { method: 'DELETE' });
        } catch (error) {
          throw adaptError(error);
        }
      }),
      /** The declaration's own rules (entities/validateRecord.ts), the same the server runs first. */
      validate: fromPromise<FieldErrors, ValidateInput>(async ({ input }) => {
        const given = Object.keys((input.values.translations as object | undefined) ?? {});
        return validateRecord(entity, input.values, { mode: 'create', languages: [...new Set([...languages, ...given])], defaultLanguage }).errors;
      }),
      confirm: confirmActor(ask),
      /** The pending draft kept on the server beside the live row (issue 16): read, saved, published, discarded, previewed. */
      fetchPending: fromPromise<PendingRow, FetchRowInput>(async ({ input, signal }) =>
        adapt(await quietOnAbort(signal, api<Record<string, unknown>>(pendingUrl(input, 'draft'), { signal }))),
      ),
      savePending: fromPromise<PendingRow, SavePendingInput>(
        failing(async (input) =>
          adapt(
            await api<Record<string, unknown>>(pendingUrl(input, 'draft'), {
              method: 'POST',
              body: { ...input.values, version: input.version, draft: input.draft },
            }),
          ),
        ),
      ),
      publishPending: fromPromise<PendingRow, PendingInput>(
        failing(async (input) =>
          adapt(await api<Record<string, unknown>>(pendingUrl(input, 'publish'), { method: 'POST', body: { version: input.version, draft: input.draft } })),
        ),
      ),
      discardPending: fromPromise<unknown, PendingInput>(failing((input) => api<unknown>(pendingUrl(input, 'draft'), { method: 'DELETE' }))),
      previewLink: fromPromise<PreviewLink, PendingInput>(failing((input) => api<PreviewLink>(pendingUrl(input, 'preview'), { method: 'POST', body: {} }))),
    },
    actions: {
      /** A new tab on the site's page of the row, with the preview token. */
      openPreview: (_: unknown, link: PreviewLink) => void window.open(link.url, '_blank', 'noopener'),
      saveDraft: (_: unknown, { key, draft }: { key: DraftKey; draft: Draft }) => {
        try {
          // A secret typed into the form never rests in the browser's storage.
          const values = Object.fromEntries(Object.entries(draft.values).filter(([n]) => entity.fields[n]?.type !== 'password'));
          storage.setItem(draftStorageKey(host, key), JSON.stringify({ ...draft, values }));
        } catch {
          // Storage full or disabled: the form works on, only without a local copy.
        }
      },
      clearDraft: (_: unknown, { key }: { key: DraftKey }) => storage.removeItem(draftStorageKey(host, key)),
      notify: (_: unknown, notice: Notice) => void notify(notice),
    },
  };
}

/** Options of an autocomplete over `target`'s list: a search when the list has search fields. */
export function autocompleteActors(target: EntityDef) {
  return {
    searchOptions: fromPromise<Option[], SearchOptionsInput>(async ({ input, signal }) => {
      const query: Record<string, string | number> = { items: 20 };
      if (input.search && target.list.search.length) query.search = input.search;
      const answer = await quietOnAbort(signal, api<PageAnswer>(resourceUrl(input.resource), { query, signal }));
      rememberRefs(target, answer.items);
      return answer.items.map((row) => ({ id: Number(row.id), title: rowTitle(target, row) }));
    }),
  };
}
