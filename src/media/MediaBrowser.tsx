import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { FormEvent } from 'react';
import type { MediaManagerProps } from '../../machines/mediaManager.connect';
import type { FieldErrors } from '../../machines/entityForm.types';
import { fieldMessage } from '../fields/messages';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { Spinner } from '../ui/Spinner';
import { Icon } from '../ui/icons';
import { dragSource, dropTarget } from './dragMedia';
import { MediaThumb } from './MediaPreview';
import { type MediaManagerRef, type MediaPermissions, useMediaView } from './useMediaManager';

const button = 'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium disabled:opacity-50';
const subtle = `${button} border border-surface-border text-ink hover:bg-surface-overlay`;
/** How a folder tile or crumb looks while tiles are dragged over it. */
const dropLook = 'data-[drop-over=true]:outline data-[drop-over=true]:outline-2 data-[drop-over=true]:outline-brand-ink data-[drop-over=true]:bg-brand-soft/30';
const input = 'block w-full rounded-md border border-surface-border bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-faint focus:border-brand-ink';

/** Messages of a failed folder save, translated when they are keys. */
function FolderErrors({ errors }: { errors: FieldErrors | null }) {
  const t = useT();
  if (!errors) return null;
  return (
    <p role="alert" className="text-sm text-danger">
      {Object.values(errors)
        .flat()
        .map((m) => fieldMessage(t, m))
        .join(' ')}
    </p>
  );
}

/** A title form in a popover: new folder or rename. Closes itself once submitted. */
function FolderTitleForm({
  label,
  initial = '',
  submitLabel,
  onSubmit,
  testId,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (title: string) => void;
  testId: string;
}) {
  return (
    <PopoverPanel anchor="bottom start" className="z-30 w-72 rounded-lg border border-surface-border bg-surface-raised p-3 shadow-xl" data-testid={testId}>
      {({ close }) => (
        <form
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            const title = String(new FormData(e.currentTarget).get('title') ?? '').trim();
            if (!title) return;
            onSubmit(title);
            close();
          }}
          className="flex flex-col gap-2"
        >
          <label className="text-sm font-medium">
            {label}
            <input name="title" defaultValue={initial} autoFocus required maxLength={255} className={`${input} mt-1`} />
          </label>
          <button type="submit" className={`${button} justify-center bg-brand text-white hover:bg-brand-strong`}>
            {submitLabel}
          </button>
        </form>
      )}
    </PopoverPanel>
  );
}

/** docs/spec.md §2 folder tree: the trail from the root to the folder shown; each step opens that folder, and takes dragged tiles. */
export function Breadcrumb({ manager, canDrop = false }: { manager: MediaManagerRef; canDrop?: boolean }) {
  const t = useT();
  const crumbs = useMediaView(manager, (p) => p.breadcrumb);
  return (
    <nav aria-label={t('media.breadcrumb')} data-testid="media-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((c, i) => (
          <li key={c.key} className="flex items-center gap-1">
            {i > 0 && <Icon name="right" width={14} height={14} className="text-ink-faint" />}
            <button
              type="button"
              onClick={c.open}
              aria-current={c.current ? 'location' : undefined}
              {...dropTarget(c.drop, canDrop && !c.current)}
              className={`flex items-center gap-1 rounded px-1.5 py-0.5 ${dropLook} ${c.current ? 'font-semibold text-ink' : 'text-ink-muted hover:bg-surface-overlay hover:text-ink'}`}
            >
              {i === 0 && <Icon name="home" width={16} height={16} />}
              {i === 0 ? t(c.label) : c.label}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The virtual folders of docs/decisions.md §5: each one a mime-type filter (docs/spec.md §2). */
export function TypeFilter({ manager, locked }: { manager: MediaManagerRef; locked?: boolean }) {
  const t = useT();
  const filter = useMediaView(manager, (p) => p.filter);
  return (
    <nav aria-label={t('media.types')} className="flex flex-wrap gap-1 md:flex-col" data-testid="media-types">
      <button
        type="button"
        aria-pressed={filter.mimeType === null}
        disabled={locked}
        onClick={() => filter.change(null)}
        className="flex items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink aria-pressed:bg-brand-soft aria-pressed:text-white disabled:opacity-50"
      >
        <Icon name="layers" width={18} height={18} />
        {t('media.allTypes')}
      </button>
      {filter.options.map((o) => (
        <button
          key={o.key}
          type="button"
          aria-pressed={o.active}
          disabled={locked && !o.active}
          onClick={() => filter.change(o.mimeType)}
          className="flex items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink aria-pressed:bg-brand-soft aria-pressed:text-white disabled:opacity-50"
        >
          <Icon name={o.key === 'images' ? 'image' : o.key === 'videos' ? 'film' : o.key === 'audio' ? 'music' : 'file'} width={18} height={18} />
          {t(o.label)}
        </button>
      ))}
    </nav>
  );
}

/** The search box (debounced by the machine; Enter searches at once) and the all-folders switch. */
export function SearchBox({ manager }: { manager: MediaManagerRef }) {
  const t = useT();
  const search = useMediaView(manager, (p) => p.search);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="relative min-w-48 flex-1">
        <span className="sr-only">{t('media.search')}</span>
        <Icon name="search" width={16} height={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-ink-faint" />
        <input
          type="search"
          value={search.value}
          placeholder={t('media.search')}
          onChange={(e) => search.change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search.commit();
            }
          }}
          className={`${input} pl-8`}
          data-testid="media-search"
        />
        {search.pending && <Spinner className="absolute right-2.5 top-1/2 -translate-y-1/2" />}
      </label>
      <label className="flex items-center gap-2 text-sm text-ink-muted">
        <input type="checkbox" checked={search.allFolders} onChange={(e) => search.setAllFolders(e.target.checked)} className="h-4 w-4 accent-brand" />
        {t('media.allFolders')}
      </label>
    </div>
  );
}

/** New folder: a title in a popover, created inside the folder shown. */
export function NewFolderButton({ manager }: { manager: MediaManagerRef }) {
  const t = useT();
  const { createFolder, interactive } = useMediaView(manager, (p) => ({ createFolder: p.createFolder, interactive: p.interactive }));
  return (
    <Popover className="relative">
      <PopoverButton className={subtle} disabled={!interactive}>
        <Icon name="folderPlus" width={18} height={18} />
        {t('media.newFolder')}
      </PopoverButton>
      <FolderTitleForm label={t('media.folderName')} submitLabel={t('media.create')} onSubmit={createFolder} testId="new-folder-form" />
    </Popover>
  );
}

/** The folders inside the one shown: open; rename, delete (after the confirm) and take dragged tiles when allowed. */
export function FolderList({ manager, permissions }: { manager: MediaManagerRef; permissions: MediaPermissions }) {
  const t = useT();
  const { folders, interactive, folderErrors } = useMediaView(manager, (p) => ({
    folders: p.folders,
    interactive: p.interactive,
    folderErrors: p.folderErrors,
  }));
  return (
    <div className="space-y-2">
      <FolderErrors errors={folderErrors} />
      {folders.length > 0 && (
        <ul className="grid grid-cols-1 gap-2 @lg:grid-cols-2 @4xl:grid-cols-4" aria-label={t('media.folders')} data-testid="media-folders">
          {folders.map((f) => (
            <li
              key={f.id}
              className={`flex items-center rounded-lg border border-surface-border bg-surface-raised ${dropLook}`}
              {...dropTarget(f.drop, permissions.change && interactive)}
              data-testid="media-folder"
            >
              <button
                type="button"
                onClick={f.open}
                disabled={!interactive}
                className="flex min-w-0 flex-1 items-center gap-2 rounded-l-lg px-3 py-2 text-left text-sm hover:bg-surface-overlay"
                aria-label={t('media.openFolder', { name: f.label })}
              >
                <Icon name="folder" className="shrink-0 text-brand-ink" />
                <span className="truncate">{f.label}</span>
              </button>
              {permissions.change && (
                <Popover className="relative">
                  <PopoverButton
                    className="rounded-md p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink"
                    aria-label={t('media.renameFolder', { name: f.label })}
                    disabled={!interactive}
                  >
                    <Icon name="pencil" width={16} height={16} />
                  </PopoverButton>
                  <FolderTitleForm
                    label={t('media.folderName')}
                    initial={f.folder.title ?? f.label}
                    submitLabel={t('media.rename')}
                    onSubmit={f.rename}
                    testId="rename-folder-form"
                  />
                </Popover>
              )}
              {permissions.delete && (
                <button
                  type="button"
                  onClick={f.remove}
                  disabled={!interactive}
                  className="mr-1 rounded-md p-2 text-ink-muted hover:bg-surface-overlay hover:text-danger"
                  aria-label={t('media.deleteFolder', { name: f.label })}
                >
                  <Icon name="trash" width={16} height={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type GridItem = MediaManagerProps['gridItems'][number];

const tileLabel = (item: GridItem) => item.media.title || item.media.name;

/**
 * One media of the grid: a button (edit, or pick in the picker), a checkbox for bulk
 * actions, and where media may be changed, dragged onto a folder or Move to… from the keyboard.
 */
function MediaTile({
  item,
  picking,
  canTick,
  canMove,
  interactive,
}: {
  item: GridItem;
  picking: boolean;
  canTick: boolean;
  canMove: boolean;
  interactive: boolean;
}) {
  const t = useT();
  const name = tileLabel(item);
  const marked = picking ? item.selected : item.ticked;
  return (
    <li className="relative" data-testid="media-tile" data-media-id={item.id} {...dragSource(item.dragIds, canMove && interactive)}>
      <button
        type="button"
        onClick={item.choose}
        disabled={!item.choosable}
        aria-pressed={picking ? item.selected : undefined}
        aria-label={picking ? t('media.pick', { name }) : t('media.edit', { name })}
        className={`group flex w-full flex-col gap-1.5 rounded-lg border p-1.5 text-left transition-colors ${
          marked ? 'border-brand-ink bg-brand-soft/30' : 'border-surface-border bg-surface-raised hover:border-ink-faint'
        }`}
      >
        <MediaThumb media={item.media} />
        <span className="truncate px-0.5 text-xs text-ink-muted" title={item.media.name}>
          {name}
        </span>
      </button>
      {picking && item.selected && (
        <span className="pointer-events-none absolute right-2.5 top-2.5 rounded-full bg-brand p-0.5 text-white" aria-hidden="true">
          <Icon name="check" width={14} height={14} />
        </span>
      )}
      {!picking && canTick && (
        <label className="absolute left-2.5 top-2.5 flex rounded bg-surface/80 p-1">
          <input type="checkbox" checked={item.ticked} onChange={item.toggleTick} disabled={!interactive} className="h-4 w-4 accent-brand" />
          <span className="sr-only">{t('media.select', { name })}</span>
        </label>
      )}
      {canMove && (
        <button
          type="button"
          onClick={item.requestMove}
          disabled={!interactive}
          className="absolute right-2.5 top-2.5 rounded bg-surface/80 p-1 text-ink-muted hover:text-ink"
          aria-label={t('media.moveOne', { name })}
          data-testid="media-tile-move"
        >
          <Icon name="folderMove" width={16} height={16} />
        </button>
      )}
    </li>
  );
}

/** docs/spec.md §2 paged grid: 2, 3 or 6 columns by the width it has (a container query, so the picker fits too). */
export function MediaGrid({ manager, permissions, picking }: { manager: MediaManagerRef; permissions: MediaPermissions; picking: boolean }) {
  const t = useT();
  const view = useMediaView(manager, (p) => ({
    items: p.gridItems,
    interactive: p.interactive,
    status: p.status,
    loading: p.loading,
    loadError: p.loadError,
    retry: p.retry,
    empty: p.empty,
    searching: p.search.value.trim() !== '' || p.filter.mimeType !== null,
  }));
  if (view.loadError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm" data-testid="media-error">
        <p>{t('media.loadFailed')}</p>
        <p className="text-ink-muted">{errorText(view.loadError)}</p>
        <button type="button" onClick={view.retry} className={subtle}>
          <Icon name="refresh" width={16} height={16} />
          {t('media.retry')}
        </button>
      </div>
    );
  }
  if (view.loading && !view.items.length) {
    return (
      <div className="flex items-center gap-2 p-6 text-ink-muted" aria-busy="true" data-testid="media-loading">
        <Spinner />
        {t('media.loading')}
      </div>
    );
  }
  if (view.empty) {
    return (
      <p className="rounded-lg border border-dashed border-surface-border p-8 text-center text-ink-muted" data-testid="media-empty">
        {view.searching ? t('media.noResults') : permissions.add ? t('media.emptyDrop') : t('media.empty')}
      </p>
    );
  }
  return (
    <ul
      className={`grid grid-cols-2 gap-3 @lg:grid-cols-3 @4xl:grid-cols-6 ${view.loading ? 'opacity-60' : ''}`}
      aria-busy={view.loading}
      aria-label={t('media.gallery')}
      data-testid="media-grid"
    >
      {view.items.map((item) => (
        <MediaTile
          key={item.id}
          item={item}
          picking={picking}
          canTick={permissions.delete || permissions.change}
          canMove={permissions.change && !picking}
          interactive={view.interactive}
        />
      ))}
    </ul>
  );
}

export function Pagination({ manager }: { manager: MediaManagerRef }) {
  const t = useT();
  const p = useMediaView(manager, (v) => ({ ...v.pagination, interactive: v.interactive }));
  const count = p.count ? <span className="text-ink-muted">{t(p.countExact ? 'media.count' : 'media.countAtLeast', { count: p.count })}</span> : null;
  const stopped = p.searchedRows !== null && (
    <p role="status" className="text-sm text-ink-muted" data-testid="media-search-stopped">
      {t('list.searchStopped', { count: p.searchedRows })}
    </p>
  );
  if (p.pages <= 1)
    return (
      <>
        {stopped}
        {count && <p className="text-sm">{count}</p>}
      </>
    );
  return (
    <>
      {stopped}
      <nav aria-label={t('media.pagination')} className="flex items-center justify-between gap-3 text-sm" data-testid="media-pagination">
        {count}
        <span className="flex items-center gap-2">
          <button type="button" onClick={p.previous} disabled={!p.hasPrevious || !p.interactive} className={subtle} aria-label={t('media.previous')}>
            <Icon name="left" width={16} height={16} />
          </button>
          <span aria-live="polite">{t('media.page', { page: p.page, pages: p.pages })}</span>
          <button type="button" onClick={p.next} disabled={!p.hasNext || !p.interactive} className={subtle} aria-label={t('media.next')}>
            <Icon name="right" width={16} height={16} />
          </button>
        </span>
      </nav>
    </>
  );
}

/** docs/spec.md §2/§5 multi-select: how many are ticked, clear, Move to… and the bulk delete behind the confirm, as allowed. */
export function BulkBar({ manager, permissions }: { manager: MediaManagerRef; permissions: MediaPermissions }) {
  const t = useT();
  const v = useMediaView(manager, (p) => ({
    count: p.editList.count,
    clear: p.editList.clear,
    canBulkDelete: p.canBulkDelete,
    requestBulkDelete: p.requestBulkDelete,
    deleting: p.deleting,
    canMove: p.canMove,
    requestMove: p.requestMove,
    moving: p.moving,
  }));
  if (!v.count && !v.deleting && !v.moving) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-brand/40 bg-brand-soft/20 px-3 py-2"
      data-testid="media-bulk-bar"
      role="region"
      aria-label={t('media.selection')}
    >
      <span className="text-sm font-medium" aria-live="polite">
        {t('media.selected', { count: v.count })}
      </span>
      <button type="button" onClick={v.clear} className="rounded-md px-2 py-1 text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink">
        {t('media.clearSelection')}
      </button>
      <span className="ml-auto" />
      {permissions.change && (
        <button type="button" onClick={v.requestMove} disabled={!v.canMove} className={subtle} data-testid="bulk-move">
          {v.moving ? <Spinner /> : <Icon name="folderMove" width={16} height={16} />}
          {t('media.moveTo')}
        </button>
      )}
      {permissions.delete && (
        <button
          type="button"
          onClick={v.requestBulkDelete}
          disabled={!v.canBulkDelete}
          className={`${button} bg-danger-strong text-white hover:bg-danger-deep`}
          data-testid="bulk-delete"
        >
          {v.deleting ? <Spinner /> : <Icon name="trash" width={16} height={16} />}
          {t('media.deleteSelection')}
        </button>
      )}
    </div>
  );
}
