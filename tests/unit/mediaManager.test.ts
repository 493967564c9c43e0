import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectMediaManager } from '../../machines/mediaManager.connect';
import {
  chooseMedia,
  completeTrail,
  emptySelection,
  formatBytes,
  fromListResponse,
  pagesOf,
  loadInput,
  mediaKind,
  MULTI_SELECTION_ERROR,
  nextTrail,
  NONE_SELECTION_ERROR,
  normalizeMimeType,
  SELECT_MODE_ERROR,
  SINGLE_SELECTION_ERROR,
  toggleEditList,
  validateSelectMode,
  validateSelection,
} from '../../machines/mediaManager.helpers';
import { type MediaManagerContext, type MediaManagerEvent, mediaManagerMachine } from '../../machines/mediaManager.machine';
import { detail, folderA, folderB, listResponse, media } from '../../machines/mediaManager.model';
import { exactly } from '../tuples';

const folderC = { id: 3, title: 'Engines', path: '/tractors/red/engines', parent: 2 };

describe('media manager helpers', () => {
  it('validates the select mode with the spec message', () => {
    expect(validateSelectMode('none')).toBeNull();
    expect(validateSelectMode('single')).toBeNull();
    expect(validateSelectMode('multi')).toBeNull();
    for (const bad of ['', 'Multi', 'all', null, undefined, 1]) expect(validateSelectMode(bad)).toBe(SELECT_MODE_ERROR);
    expect(SELECT_MODE_ERROR).toBe("The select-mode must be one of 'none', 'single' or 'multi'");
  });

  it('validates a selection per mode with the spec messages', () => {
    expect(validateSelection('multi', [])).toBeNull();
    expect(validateSelection('multi', media(1))).toBe("You must set an array as selection with select-mode 'multi'");
    expect(validateSelection('multi', null)).toBe(MULTI_SELECTION_ERROR);
    expect(validateSelection('single', media(1))).toBeNull();
    expect(validateSelection('single', null)).toBeNull();
    expect(validateSelection('single', [media(1)])).toBe("You must set an object as selection with select-mode 'single'");
    expect(validateSelection('single', 7)).toBe(SINGLE_SELECTION_ERROR);
    expect(validateSelection('none', media(1))).toBe("You cannot set a selection with select-mode 'none'");
    expect(validateSelection('none', [])).toBe(NONE_SELECTION_ERROR);
    expect(validateSelection('none', null)).toBeNull();
  });

  it('chooses per mode: single replaces, multi toggles by id, none keeps', () => {
    expect(chooseMedia('single', media(1), media(2))).toEqual(media(2));
    expect(chooseMedia('multi', [media(1)], media(2))).toEqual([media(1), media(2)]);
    expect(chooseMedia('multi', [media(1), media(2)], { ...media(1), name: 'renamed' })).toEqual([media(2)]);
    expect(chooseMedia('none', null, media(1))).toBeNull();
    expect(emptySelection('multi')).toEqual([]);
    expect(emptySelection('single')).toBeNull();
  });

  it('toggles the edit list and empties it with the clear value', () => {
    expect(toggleEditList([], 1)).toEqual([1]);
    expect(toggleEditList([1, 2], 1)).toEqual([2]);
    expect(toggleEditList([1, 2], 'clear')).toEqual([]);
  });

  it('cuts the folder trail back, appends, or resets', () => {
    const trail = [folderA, folderB, folderC];
    expect(nextTrail(trail, folderB)).toEqual([folderA, folderB]);
    expect(nextTrail(trail, folderC)).toEqual(trail);
    expect(nextTrail([folderA], folderB)).toEqual([folderA, folderB]);
    expect(nextTrail(trail, null)).toEqual([]);
  });

  it('completes a one-folder trail with the ancestors the server names', () => {
    const parent = { id: 3, path: '/tractors/red/engines', ancestors: [folderA, folderB] };
    expect(completeTrail([folderC], parent)).toEqual([folderA, folderB, folderC]);
    expect(completeTrail([folderA, folderC], parent)).toEqual([folderA, folderC]);
    expect(completeTrail([folderC], { id: null })).toEqual([folderC]);
    expect(completeTrail([], { id: null, ancestors: [] })).toEqual([]);
  });

  it('accepts mime filters of the form type/* or type/subtype only', () => {
    expect(normalizeMimeType('image/*')).toBe('image/*');
    expect(normalizeMimeType(' Application/PDF ')).toBe('application/pdf');
    expect(normalizeMimeType('image/svg+xml')).toBe('image/svg+xml');
    expect(normalizeMimeType('*')).toBeNull();
    expect(normalizeMimeType('image/*;x=1')).toBeNull();
    expect(normalizeMimeType(null)).toBeNull();
  });

  it('builds the list call from the state and reads the answer', () => {
    expect(loadInput({ parentFolders: [folderA, folderB], page: 2, search: ' red ', allFolders: true, mimeType: 'image/*' })).toEqual({
      folder: 2,
      page: 2,
      search: 'red',
      all: true,
      mimeType: 'image/*',
    });
    const read = fromListResponse({ ...listResponse({ page: 1, pages: 0 }), parent_folder: { id: null } });
    expect(read).toMatchObject({ page: 1, paginator: { count: 40 }, parentFolder: null });
    // An empty list has one (empty) page; before any answer, the asked one is the last known.
    expect(pagesOf(read)).toBe(1);
    expect(pagesOf({ page: 4, paginator: null })).toBe(4);
  });

  it('names media kinds and sizes', () => {
    expect(mediaKind('video/mp4')).toBe('video');
    expect(mediaKind('application/pdf')).toBe('document');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});

describe('connectMediaManager', () => {
  const base = createActor(mediaManagerMachine, { input: {} }).getSnapshot().context;
  const snapshot = (value: any, context: Partial<MediaManagerContext> = {}) => mediaManagerMachine.resolveState({ value, context: { ...base, ...context } });
  const record = () => {
    const sent: MediaManagerEvent[] = [];
    return { sent, send: (e: MediaManagerEvent) => void sent.push(e) };
  };

  it('flags grid items as selected and ticked', () => {
    const { send, sent } = record();
    const props = connectMediaManager(
      snapshot({ browse: { ready: 'idle' } }, { medias: [media(1), media(2)], selectMode: 'multi', selection: [media(2)], editList: [1] }),
      send,
    );
    expect(props.gridItems.map((g) => [g.id, g.selected, g.ticked])).toEqual([
      [1, false, true],
      [2, true, false],
    ]);
    const [first, second] = exactly(props.gridItems, 2);
    first.choose();
    second.toggleTick();
    expect(sent).toEqual([
      { type: 'media.choose', media: media(1) },
      { type: 'editList.toggle', id: 2 },
    ]);
  });

  it('builds the breadcrumb from the trail, root first, last one current', () => {
    const { send, sent } = record();
    const props = connectMediaManager(snapshot({ browse: { ready: 'idle' } }, { parentFolders: [folderA, folderB] }), send);
    expect(props.breadcrumb.map((b) => [b.label, b.current])).toEqual([
      ['mediaManager.root', false],
      ['Tractors', false],
      ['Red', true],
    ]);
    const [root, tractors] = exactly(props.breadcrumb, 3);
    tractors.open();
    root.open();
    expect(sent).toEqual([
      { type: 'folder.open', folder: folderA },
      { type: 'folder.open', folder: null },
    ]);
    expect(props.currentFolder).toEqual(folderB);
  });

  it('offers bulk delete only with ticked ids on a ready grid', () => {
    const { send, sent } = record();
    expect(connectMediaManager(snapshot({ browse: { ready: 'idle' } }), send).canBulkDelete).toBe(false);
    const ticked = connectMediaManager(snapshot({ browse: { ready: 'idle' } }, { editList: [1, 2] }), send);
    expect(ticked.canBulkDelete).toBe(true);
    expect(ticked.editList.count).toBe(2);
    expect(connectMediaManager(snapshot({ browse: 'loading' }, { editList: [1] }), send).canBulkDelete).toBe(false);
    expect(connectMediaManager(snapshot('deleting', { editList: [1] }), send).deleting).toBe(true);
    ticked.editList.clear();
    ticked.requestBulkDelete();
    expect(sent).toEqual([{ type: 'editList.toggle', id: 'clear' }, { type: 'bulkDelete.request' }]);
  });

  it('maps paging, filter and search', () => {
    const { send, sent } = record();
    const props = connectMediaManager(
      snapshot(
        { browse: { ready: 'debouncing' } },
        { page: 2, paginator: { count: 40, page: 2, pages: 3, page_size: 18, has_next: true, has_previous: true }, mimeType: 'image/*', search: 'red' },
      ),
      send,
    );
    expect(props.pagination).toMatchObject({ page: 2, pages: 3, count: 40, countExact: true, searchedRows: null, hasPrevious: true, hasNext: true });
    expect(props.status).toBe('searching');
    expect(props.search).toMatchObject({ value: 'red', pending: true });
    expect(props.filter.options.filter((o) => o.active).map((o) => o.key)).toEqual(['images']);
    const stopped = { count: 2, page: 1, pages: 1, page_size: 18, has_next: false, has_previous: false, count_exact: false, searched_rows: 1000 };
    expect(connectMediaManager(snapshot({ browse: { ready: 'idle' } }, { page: 1, paginator: stopped }), send).pagination).toMatchObject({
      count: 2,
      countExact: false,
      searchedRows: 1000,
      hasNext: false,
    });
    props.pagination.next();
    props.filter.change('video/*');
    props.search.commit();
    expect(sent).toEqual([{ type: 'page.change', page: 3 }, { type: 'filter.change', mimeType: 'video/*' }, { type: 'search.commit' }]);
  });

  it('describes the edit panel', () => {
    const { send, sent } = record();
    const props = connectMediaManager(snapshot({ editor: 'open' }, { editMedia: { ...detail, size: 2048 } }), send);
    expect(props.status).toBe('editor');
    expect(props.editor).toMatchObject({ open: true, status: 'open', canSave: true });
    expect(props.editor.fileInfo).toEqual({
      name: 'photo-1.jpg',
      size: '2.0 kB',
      type: 'image/jpeg',
      kind: 'image',
      dimensions: '800 × 600',
      url: '/media/photo-1.jpg',
    });
    props.editor.save({ title: 'x' });
    props.editor.close();
    expect(sent).toEqual([{ type: 'editor.save', data: { title: 'x' } }, { type: 'editor.close' }]);
    const saving = connectMediaManager(snapshot({ editor: 'saving' }, { editMedia: detail }), send);
    expect(saving.editor).toMatchObject({ status: 'saving', canSave: false });
    expect(connectMediaManager(snapshot({ browse: { ready: 'idle' } }), send).editor.open).toBe(false);
  });

  it('shows the load error only when failed', () => {
    const { send } = record();
    const loadError = { status: 500, key: 'errors.http.server' };
    expect(connectMediaManager(snapshot({ browse: 'failed' }, { loadError }), send).loadError).toEqual(loadError);
    expect(connectMediaManager(snapshot({ editor: 'failed' }, { loadError, editMedia: media(1) }), send).loadError).toBeNull();
    expect(connectMediaManager(snapshot({ editor: 'failed' }, { loadError, editMedia: media(1) }), send).editor.loadError).toEqual(loadError);
  });

  it('drags and moves a tile alone, or with the ticked ones when it is ticked (issue 18)', () => {
    const { send, sent } = record();
    const props = connectMediaManager(snapshot({ browse: { ready: 'idle' } }, { medias: [media(1), media(2)], editList: [1, 3] }), send);
    expect(props.gridItems.map((g) => g.dragIds)).toEqual([[1, 3], [2]]);
    expect(props.canMove).toBe(true);
    exactly(props.gridItems, 2)[1].requestMove();
    props.requestMove();
    expect(sent).toEqual([{ type: 'move.request', ids: [2] }, { type: 'move.request' }]);
    expect(connectMediaManager(snapshot({ browse: { ready: 'idle' } }), send).canMove).toBe(false);
    expect(connectMediaManager(snapshot('movingMedia', { editList: [1], pendingMove: { ids: [1], folder: 2 } }), send).moving).toBe(true);
  });

  it('folder tiles and every crumb take dropped tiles into their folder', () => {
    const { send, sent } = record();
    const props = connectMediaManager(snapshot({ browse: { ready: 'idle' } }, { parentFolders: [folderA], folders: [folderB] }), send);
    exactly(props.folders, 1)[0].drop([5, 6]);
    const [root, folder] = exactly(props.breadcrumb, 2);
    root.drop([7]);
    folder.drop([8]);
    expect(sent).toEqual([
      { type: 'media.drop', ids: [5, 6], folder: 2 },
      { type: 'media.drop', ids: [7], folder: null },
      { type: 'media.drop', ids: [8], folder: 1 },
    ]);
  });

  it('describes the Move to… dialog: how many, the folder tree, and its answers', () => {
    const { send, sent } = record();
    const closed = connectMediaManager(snapshot({ browse: { ready: 'idle' } }), send).moveDialog;
    expect(closed.open).toBe(false);
    const loading = connectMediaManager(snapshot({ moveDialog: 'loading' }, { pendingMove: { ids: [1, 2], folder: null } }), send).moveDialog;
    expect(loading).toMatchObject({ open: true, status: 'loading', count: 2, options: [] });
    const loadError = { status: 503, key: 'errors.http.unavailable' };
    expect(connectMediaManager(snapshot({ moveDialog: 'failed' }, { loadError, pendingMove: { ids: [1], folder: null } }), send).moveDialog.loadError).toEqual(
      loadError,
    );
    const picking = connectMediaManager(
      snapshot({ moveDialog: 'picking' }, { folderTree: [folderC, folderB, folderA], pendingMove: { ids: [1], folder: null } }),
      send,
    ).moveDialog;
    expect(picking.options.map((o) => [o.label, o.depth])).toEqual([
      ['Tractors', 1],
      ['Red', 2],
      ['Engines', 3],
    ]);
    picking.choose(3);
    picking.choose(null);
    picking.cancel();
    picking.retry();
    expect(sent).toEqual([{ type: 'move.choose', folder: 3 }, { type: 'move.choose', folder: null }, { type: 'move.cancel' }, { type: 'move.retry' }]);
  });

  it("gives the edit panel's folder field the folder tree once loaded", () => {
    const { send } = record();
    expect(connectMediaManager(snapshot({ editor: 'open' }, { editMedia: media(1) }), send).editor.folderOptions).toBeNull();
    expect(connectMediaManager(snapshot({ editor: 'open' }, { editMedia: media(1), folderTree: [folderA] }), send).editor.folderOptions).toEqual([
      { id: 1, label: 'Tractors', depth: 1, path: '/tractors' },
    ]);
  });
});
