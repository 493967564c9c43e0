import type { UploadFile } from '../../machines/upload.types';
import { useT } from '../i18n/i18n';
import { BulkBar, Breadcrumb, FolderList, MediaGrid, NewFolderButton, Pagination, SearchBox, TypeFilter } from './MediaBrowser';
import { DropZone, FilePickerButton } from './UploadControls';
import { UploadList } from './UploadList';
import { type MediaManagerRef, type MediaPermissions, type UploadQueueRef, useMediaView } from './useMediaManager';

/**
 * The media library over one media manager and one upload queue: type filter, folder
 * trail and folders, search, upload (drop anywhere on it, or the file chooser), the grid
 * with paging and, outside the picker, multi-select with bulk delete. The screen and the
 * picker dialog both render it; what the user may not do is not offered.
 */
export function MediaLibrary({
  manager,
  queue,
  permissions,
  picking = false,
  lockedType = false,
}: {
  manager: MediaManagerRef;
  queue: UploadQueueRef;
  permissions: MediaPermissions;
  /** In the picker: tiles pick instead of opening the editor; no bulk actions, no folder changes, no moves. */
  picking?: boolean;
  /** The picker of a field that takes one kind of file keeps its type filter. */
  lockedType?: boolean;
}) {
  const t = useT();
  const folder = useMediaView(manager, (p) => p.currentFolder?.id ?? null);
  const error = useMediaView(manager, (p) => p.error);
  const addFiles = (files: UploadFile[]) => queue.send({ type: 'files.add', files, folder });
  const manage = { ...permissions, change: permissions.change && !picking, delete: permissions.delete && !picking };
  return (
    <DropZone onFiles={addFiles} disabled={!permissions.add} className="flex flex-col gap-4 md:flex-row">
      <aside className="shrink-0 md:w-44">
        <TypeFilter manager={manager} locked={lockedType} />
      </aside>
      <div className="@container min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <Breadcrumb manager={manager} canDrop={manage.change} />
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {permissions.add && !picking && <NewFolderButton manager={manager} />}
            {permissions.add && <FilePickerButton onFiles={addFiles} label={t('upload.choose')} testId="media-upload-input" />}
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <SearchBox manager={manager} />
        {!picking && <BulkBar manager={manager} permissions={manage} />}
        <UploadList queue={queue} kind="create" />
        <FolderList manager={manager} permissions={manage} />
        <MediaGrid manager={manager} permissions={manage} picking={picking} />
        <Pagination manager={manager} />
        {permissions.add && <p className="text-xs text-ink-faint">{t('upload.dropHint')}</p>}
      </div>
    </DropZone>
  );
}
