import { useActorRef } from '@xstate/react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { FormEvent } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES } from '../../locales/languages';
import type { FolderOption, MediaItem, MediaTranslation } from '../../machines/mediaManager.types';
import type { FieldErrors, FieldMessage } from '../../machines/entityForm.types';
import { fieldMessage } from '../fields/messages';
import { useSessionView } from '../app/services/session';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { showSnackbar } from '../ui/snackbar';
import { Spinner } from '../ui/Spinner';
import { Icon } from '../ui/icons';
import { connectFocalPoint } from '../../machines/focalPoint.connect';
import { focalPointMachine } from '../../machines/focalPoint.machine';
import { FocalPointField, hasFocalPoint } from './FocalPointField';
import { MediaFullPreview } from './MediaPreview';
import { FilePickerButton } from './UploadControls';
import { UploadList } from './UploadList';
import { type MediaManagerRef, type MediaPermissions, type UploadQueueRef, useMediaView, useUploadQueueView } from './useMediaManager';

const FIELDS = ['title', 'alt_text', 'description'] as const satisfies ReadonlyArray<keyof MediaTranslation>;
const FIELD_LABEL: Record<(typeof FIELDS)[number], string> = { title: 'media.title', alt_text: 'media.altText', description: 'media.description' };

const input =
  'mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-faint focus:border-brand-ink aria-[invalid=true]:border-danger read-only:opacity-70';

/** The site's languages (its translations are kept per language), the default first. */
function useSiteLanguages(): string[] {
  const languages = useSessionView((s) => s.tenant?.languages);
  const fallback = useSessionView((s) => s.tenant?.default_language);
  const list = (languages ?? []).filter(isLanguage);
  if (list.length) return list;
  return [isLanguage(fallback) ? fallback : DEFAULT_LANGUAGE];
}

/**
 * What the form changed, as the PATCH body of docs/spec.md §7: `{ translations: { it: { alt_text } } }`,
 * only the languages and fields that differ from what was read.
 */
export function changedTranslations(media: MediaItem, form: FormData, languages: string[]): Record<string, MediaTranslation> {
  const out: Record<string, MediaTranslation> = {};
  for (const lang of languages) {
    const before = media.translations?.[lang] ?? {};
    for (const field of FIELDS) {
      const value = form.get(`${lang}.${field}`);
      if (typeof value !== 'string') continue;
      if (value !== (before[field] ?? '')) (out[lang] ??= {})[field] = value;
    }
  }
  return out;
}

/** The form's folder as the PATCH takes it: only when it differs from the media's own. */
function changedFolder(media: MediaItem, form: FormData): { folder?: number | null } {
  const raw = form.get('folder');
  if (typeof raw !== 'string') return {};
  const folder = raw === '' ? null : Number(raw);
  return folder === (media.folder ?? null) ? {} : { folder };
}

/**
 * Where the media is filed: the root and every folder under its parent. Until the folders
 * are there it offers the media's own folder only, so nothing can be chosen by mistake.
 */
function FolderField({
  media,
  options,
  readOnly,
  messages,
}: {
  media: MediaItem;
  options: FolderOption[] | null;
  readOnly: boolean;
  messages?: FieldMessage[];
}) {
  const t = useT();
  const id = `media-${media.id}-folder`;
  const current = media.folder ?? null;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {t('media.folder')}
      </label>
      <select
        // A new key once the folders arrive: the uncontrolled select then starts on the media's folder.
        key={options ? 'loaded' : 'loading'}
        id={id}
        name="folder"
        defaultValue={current === null ? '' : String(current)}
        disabled={readOnly || !options}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={messages?.length ? `${id}-error` : undefined}
        className={input}
        data-testid="media-folder-select"
      >
        <option value="">{t('mediaManager.root')}</option>
        {options
          ? options.map((o) => (
              <option key={o.id} value={o.id}>
                {`${'\u00a0\u00a0\u00a0'.repeat(o.depth - 1)}${o.label}`}
              </option>
            ))
          : current !== null && <option value={current}>{t('media.loadingFolders')}</option>}
      </select>
      <Errors id={`${id}-error`} messages={messages} />
    </div>
  );
}

function Errors({ messages, id }: { messages?: FieldMessage[]; id?: string }) {
  const t = useT();
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger">
      {messages.map((m) => fieldMessage(t, m)).join(' ')}
    </p>
  );
}

/** docs/spec.md §2 file info: name, size, type, dimensions and the URL with a copy button. */
function FileInfo({ info }: { info: { name: string; size: string; type: string; dimensions: string | null; url: string } }) {
  const t = useT();
  const absolute = new URL(info.url, window.location.origin).href;
  const copy = () =>
    navigator.clipboard?.writeText(absolute).then(
      () => showSnackbar({ message: t('media.copied'), color: 'success' }),
      () => showSnackbar({ message: t('media.copyFailed'), color: 'error' }),
    );
  const row = (label: string, value: string, testId: string) => (
    <div className="flex gap-3 py-1">
      <dt className="w-28 shrink-0 text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="media-file-info">
      <h3 id="media-file-info" className="mb-1 text-sm font-semibold">
        {t('media.fileInfo')}
      </h3>
      <dl className="text-sm">
        {row(t('media.name'), info.name, 'media-info-name')}
        {row(t('media.size'), info.size, 'media-info-size')}
        {row(t('media.type'), info.type, 'media-info-type')}
        {info.dimensions && row(t('media.dimensions'), info.dimensions, 'media-info-dimensions')}
        <div className="flex items-center gap-3 py-1">
          <dt className="w-28 shrink-0 text-ink-muted">{t('media.url')}</dt>
          <dd className="flex min-w-0 flex-1 items-center gap-2">
            <a href={absolute} target="_blank" rel="noopener noreferrer" className="truncate text-brand-ink hover:underline" data-testid="media-info-url">
              {absolute}
            </a>
            <button
              type="button"
              onClick={() => void copy()}
              className="shrink-0 rounded-md p-1.5 text-ink-muted hover:bg-surface-overlay hover:text-ink"
              aria-label={t('media.copy')}
            >
              <Icon name="copy" width={16} height={16} />
            </button>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Title, alt text and description per language, in tabs (panels stay mounted so edits survive a tab change). */
function TranslationsForm({
  media,
  languages,
  folderOptions,
  errors,
  readOnly,
  saving,
  onSave,
  onDelete,
}: {
  media: MediaItem;
  languages: string[];
  folderOptions: FolderOption[] | null;
  errors: FieldErrors | null;
  readOnly: boolean;
  saving: boolean;
  onSave: (data: Record<string, unknown>) => void;
  onDelete?: () => void;
}) {
  const t = useT();
  // Started with the form, which remounts on every version read: it starts from the saved point.
  const focal = useActorRef(focalPointMachine, { input: { point: media.focal_point ?? null } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    onSave({ translations: changedTranslations(media, form, languages), ...changedFolder(media, form), ...connectFocalPoint(focal.getSnapshot()).saveData });
  };
  const errorOf = (lang: string, field: string) => errors?.[`translations.${lang}.${field}`] ?? (lang === languages[0] ? errors?.[field] : undefined);
  const langHasError = (lang: string) => FIELDS.some((f) => errorOf(lang, f)?.length);
  const general = errors
    ? Object.entries(errors).filter(([k]) => !k.startsWith('translations.') && k !== 'folder' && !(FIELDS as readonly string[]).includes(k))
    : [];
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('media.texts')} data-testid="media-editor-form">
      {general.length > 0 && (
        <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {general.flatMap(([, m]) => m.map((x) => fieldMessage(t, x))).join(' ')}
        </div>
      )}
      <FolderField media={media} options={folderOptions} readOnly={readOnly} messages={errors?.folder} />
      {hasFocalPoint(media) && <FocalPointField media={media} focal={focal} readOnly={readOnly} />}
      <TabGroup>
        <TabList className="flex flex-wrap gap-1 border-b border-surface-border" aria-label={t('media.languages')}>
          {languages.map((lang) => (
            <Tab
              key={lang}
              className="relative -mb-px rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm text-ink-muted data-[hover]:text-ink data-[selected]:border-brand-ink data-[selected]:text-ink focus:outline-none data-[focus]:outline-2 data-[focus]:outline-brand-ink"
            >
              {isLanguage(lang) ? LANGUAGE_NAMES[lang] : lang}
              {langHasError(lang) && <span className="ml-1 inline-block h-2 w-2 rounded-full bg-danger" aria-label={t('media.hasErrors')} />}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-3">
          {languages.map((lang) => {
            const values = media.translations?.[lang] ?? {};
            return (
              <TabPanel key={lang} unmount={false} className="space-y-3" data-testid={`media-lang-${lang}`}>
                {FIELDS.map((field) => {
                  const id = `media-${media.id}-${lang}-${field}`;
                  const messages = errorOf(lang, field);
                  const common = {
                    id,
                    name: `${lang}.${field}`,
                    defaultValue: values[field] ?? '',
                    readOnly,
                    'aria-invalid': messages?.length ? true : undefined,
                    'aria-describedby': messages?.length ? `${id}-error` : undefined,
                    className: input,
                  };
                  return (
                    <div key={field}>
                      <label htmlFor={id} className="text-sm font-medium">
                        {t(FIELD_LABEL[field])}
                      </label>
                      {field === 'description' ? (
                        <textarea rows={3} maxLength={10000} {...common} />
                      ) : (
                        <input maxLength={field === 'title' ? 255 : 1000} {...common} />
                      )}
                      <Errors id={`${id}-error`} messages={messages} />
                    </div>
                  );
                })}
              </TabPanel>
            );
          })}
        </TabPanels>
      </TabGroup>
      {!readOnly && (
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={saving}
            className="inline-flex items-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong disabled:opacity-60"
          >
            {saving && <Spinner />}
            {saving ? t('media.saving') : t('media.save')}
          </button>
        </div>
      )}
      {onDelete && (
        <div className="border-t border-surface-border pt-4">
          <button
            type="button"
            onClick={onDelete}
            disabled={saving}
            className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-danger hover:bg-danger/10 disabled:opacity-60"
          >
            <Icon name="trash" width={16} height={16} />
            {t('media.delete')}
          </button>
        </div>
      )}
    </form>
  );
}

/** Records that use the media (from the detail), so a delete is not a surprise; those the user may not see are only counted. */
export function UsedBy({ media }: { media: MediaItem }) {
  const t = useT();
  if (!media.used_by) return null;
  const hidden = media.used_by_hidden ?? 0;
  return (
    <section aria-labelledby="media-used-by" className="text-sm">
      <h3 id="media-used-by" className="mb-1 font-semibold">
        {t('media.usedBy')}
      </h3>
      {media.used_by.length > 0 && (
        <ul className="list-inside list-disc text-ink-muted">
          {media.used_by.map((u) => (
            <li key={`${u.model}:${u.id}`}>
              {u.path ? (
                <a href={`/backoffice${u.path}`} className="text-brand-ink hover:underline">
                  {u.label}
                </a>
              ) : (
                u.label
              )}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <p className="text-ink-muted" data-testid="media-used-by-hidden">
          {t('media.usedByHidden', { n: hidden })}
        </p>
      )}
      {media.used_by.length === 0 && hidden === 0 && <p className="text-ink-muted">{t('media.notUsed')}</p>}
    </section>
  );
}

/**
 * docs/spec.md §2 media edit panel: preview, file info, its folder, per-language title/alt/description, save,
 * replace the file (the URL stays), delete behind the confirm. Without change permission it
 * only shows; without delete permission there is no delete.
 */
export function MediaEditor({ manager, queue, permissions }: { manager: MediaManagerRef; queue: UploadQueueRef; permissions: MediaPermissions }) {
  const t = useT();
  const languages = useSiteLanguages();
  const ed = useMediaView(manager, (p) => p.editor);
  const media = ed.media;
  const replacing = useUploadQueueView(queue, (q) => q.items.some((i) => i.kind === 'replace' && i.target === media?.id && i.busy));
  return (
    <Dialog open={ed.open} onClose={ed.close} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="flex h-full w-full max-w-xl flex-col border-l border-surface-border bg-surface-raised shadow-2xl" data-testid="media-editor">
          <header className="flex items-center gap-3 border-b border-surface-border px-5 py-3">
            <DialogTitle className="min-w-0 flex-1 truncate text-lg font-semibold">{media ? media.title || media.name : t('media.editMedia')}</DialogTitle>
            <button
              type="button"
              onClick={ed.close}
              className="rounded-md p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink"
              aria-label={t('media.close')}
            >
              <Icon name="x" />
            </button>
          </header>
          <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
            {ed.status === 'loading' && (
              <p className="flex items-center gap-2 text-ink-muted" aria-busy="true">
                <Spinner />
                {t('media.loadingMedia')}
              </p>
            )}
            {ed.status === 'failed' && (
              <div role="alert" className="space-y-3 rounded-md border border-danger/40 bg-danger/10 p-3 text-sm">
                <p>{t('media.editorFailed')}</p>
                {ed.loadError && <p className="text-ink-muted">{errorText(ed.loadError)}</p>}
                <button type="button" onClick={ed.retry} className="rounded-md border border-surface-border px-3 py-1.5 hover:bg-surface-overlay">
                  {t('media.retry')}
                </button>
              </div>
            )}
            {media && (ed.status === 'open' || ed.status === 'saving') && ed.fileInfo && (
              <>
                <MediaFullPreview media={media} label={t('media.preview')} />
                <FileInfo info={ed.fileInfo} />
                {permissions.change && (
                  <section className="space-y-2">
                    <FilePickerButton
                      single
                      variant="secondary"
                      label={t('media.replace')}
                      disabled={ed.status === 'saving' || replacing}
                      onFiles={([file]) => {
                        if (file) queue.send({ type: 'file.replace', file, media: { id: media.id, version: media.version ?? null } });
                      }}
                      testId="media-replace-input"
                    />
                    <p className="text-xs text-ink-muted">{t('media.replaceHint')}</p>
                    <UploadList queue={queue} kind="replace" target={media.id} unfinished compact />
                  </section>
                )}
                {!permissions.change && <p className="text-sm text-ink-muted">{t('media.readOnly')}</p>}
                <TranslationsForm
                  key={`${media.id}:${media.version ?? ''}`}
                  media={media}
                  languages={languages}
                  folderOptions={ed.folderOptions}
                  errors={ed.errors}
                  readOnly={!permissions.change}
                  saving={ed.status === 'saving'}
                  onSave={ed.save}
                  onDelete={permissions.delete ? ed.remove : undefined}
                />
                <UsedBy media={media} />
              </>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
