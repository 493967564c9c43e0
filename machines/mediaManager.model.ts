import { anyProcessing, currentFolderId } from './mediaManager.helpers';
import { mediaManagerMachine } from './mediaManager.machine';
import type { MediaFolder, MediaItem, MediaListResponse } from './mediaManager.types';
import { done, fail, type MachineModel } from './model/paths';

export const folderA: MediaFolder = { id: 1, title: 'Tractors', slug: 'tractors', path: '/tractors', parent: null };
export const folderB: MediaFolder = { id: 2, title: 'Red', slug: 'red', path: '/tractors/red', parent: 1 };

export const media = (id: number, extra: Partial<MediaItem> = {}): MediaItem => ({
  id,
  name: `photo-${id}.jpg`,
  url: `/media/photo-${id}.jpg`,
  thumbnail_url: `/media/thumbs/photo-${id}.webp`,
  mime_type: 'image/jpeg',
  size: 1000 * id,
  width: 800,
  height: 600,
  folder: null,
  version: 1,
  ...extra,
});

export const listResponse = (overrides: { items?: MediaItem[]; page?: number; pages?: number } = {}): MediaListResponse => {
  const items = overrides.items ?? [media(1), media(2)];
  const page = overrides.page ?? 1;
  const pages = overrides.pages ?? 3;
  return {
    folders: [folderA],
    media: {
      items,
      paginator: { count: 40, page, pages, page_size: 18, has_next: page < pages, has_previous: page > 1 },
    },
    parent_folder: { id: null },
  };
};

/** A page with an item whose variants are still being made. */
export const processingResponse = listResponse({ items: [media(3, { processing: true, thumbnail_url: null, width: null, height: null }), media(2)] });

export const detail = media(1, { translations: { en: { title: 'Red tractor', alt_text: 'A red tractor' } }, used_by: [] });

/** The detail of a media whose file was just replaced: its variants are still being made. */
export const processingDetail: MediaItem = { ...detail, processing: true, thumbnail_url: null, web_url: null, width: null, height: null };

/** The media manager as a test model: every server answer and the user's confirm answer are events. */
export const mediaManagerModel: MachineModel = {
  machine: mediaManagerMachine,
  input: {},
  actorIds: [
    'loadMedia',
    'searchDebounce',
    'loadMediaDetail',
    'saveMedia',
    'deleteMedia',
    'saveFolder',
    'deleteFolder',
    'confirm',
    'loadFolderTree',
    'moveMedia',
    'processingWait',
  ],
  // Guards read the select mode, whether anything is ticked, whether the list went stale, the folder shown and what is processing.
  contextKey: (c) => [
    c.selectMode,
    c.editList.length > 0,
    c.stale,
    currentFolderId(c.parentFolders),
    anyProcessing(c.medias),
    c.editMedia?.processing === true,
  ],
  events: [
    done('loadMedia', listResponse()),
    done('loadMedia', processingResponse),
    fail('loadMedia', { status: 500 }),
    done('processingWait'),
    done('refreshMedia', listResponse()),
    done('refreshMedia', processingResponse),
    fail('refreshMedia', { status: 503 }),
    { type: 'retry' },
    { type: 'reload' },
    { type: 'folder.open', folder: folderA },
    { type: 'folder.open', folder: null },
    { type: 'page.change', page: 2 },
    { type: 'filter.change', mimeType: 'image/*' },
    { type: 'allFolders.change', allFolders: true },
    { type: 'search.change', search: 'tractor' },
    done('searchDebounce'),
    { type: 'search.commit' },
    { type: 'selectMode.set', mode: 'multi' },
    { type: 'selectMode.set', mode: 'everything' },
    { type: 'selection.set', selection: [] },
    { type: 'media.choose', media: media(1) },
    { type: 'editList.toggle', id: 1 },
    { type: 'editList.toggle', id: 'clear' },
    { type: 'bulkDelete.request' },
    done('confirm', true),
    done('confirm', false),
    fail('confirm', new Error('dialog closed')),
    done('deleteMedia', 1),
    fail('deleteMedia', { status: 500 }),
    { type: 'folder.create', title: 'Blue' },
    { type: 'folder.rename', folder: folderA, title: 'Tractors 2025' },
    done('saveFolder', folderB),
    fail('saveFolder', { status: 400, data: { title: ['This field may not be blank.'] } }),
    { type: 'folder.delete', folder: folderA },
    done('deleteFolder', {}),
    fail('deleteFolder', { status: 404 }),
    { type: 'editor.open', media: media(2) },
    done('loadMediaDetail', detail),
    done('loadMediaDetail', processingDetail),
    fail('loadMediaDetail', { status: 404 }),
    done('refreshMediaDetail', detail),
    done('refreshMediaDetail', processingDetail),
    fail('refreshMediaDetail', { status: 503 }),
    { type: 'editor.retry' },
    { type: 'editor.save', data: { translations: { it: { alt_text: 'Trattore rosso' } } } },
    done('saveMedia', detail),
    fail('saveMedia', { status: 400, data: { 'translations.it.alt_text': ['Too long.'] } }),
    { type: 'editor.delete' },
    { type: 'editor.close' },
    { type: 'move.request' },
    { type: 'move.request', ids: [2] },
    done('loadFolderTree', [folderA, folderB]),
    fail('loadFolderTree', { status: 503 }),
    { type: 'move.retry' },
    { type: 'move.choose', folder: 2 },
    { type: 'move.cancel' },
    done('moveMedia', 1),
    fail('moveMedia', { status: 400, data: { folder: ['Invalid pk "2" - object does not exist.'] } }),
    { type: 'media.drop', ids: [1], folder: 1 },
    { type: 'query.sync', search: 'folder=2&page=2' },
    { type: 'query.sync', search: '' },
  ],
};
