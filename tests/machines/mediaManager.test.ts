import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  folderOptions,
  mediaToQuery,
  movedIds,
  MULTI_SELECTION_ERROR,
  NONE_SELECTION_ERROR,
  SELECT_MODE_ERROR,
  SINGLE_SELECTION_ERROR,
} from '../../machines/mediaManager.helpers';
import { type MediaManagerInput, mediaManagerMachine } from '../../machines/mediaManager.machine';
import { detail, folderA, folderB, listResponse, media, mediaManagerModel, processingDetail, processingResponse } from '../../machines/mediaManager.model';
import type { Notice } from '../../machines/mediaManager.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(mediaManagerModel);
const messages = [null, SELECT_MODE_ERROR, MULTI_SELECTION_ERROR, SINGLE_SELECTION_ERROR, NONE_SELECTION_ERROR];

describe('media manager machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(mediaManagerMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(mediaManagerMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(mediaManagerModel, path, { actions: { notify: () => {} } });
      const s = actor.getSnapshot();
      // Invariants that hold in every reachable state.
      expect(s.context.loading).toBe(s.matches({ browse: 'loading' }));
      expect(new Set(s.context.editList).size).toBe(s.context.editList.length);
      expect(messages).toContain(s.context.error);
      if (s.context.selectMode === 'multi') expect(Array.isArray(s.context.selection)).toBe(true);
      else expect(Array.isArray(s.context.selection)).toBe(false);
      if (s.matches('editor')) expect(s.context.editMedia).not.toBeNull();
      if (s.matches('browse')) expect(s.context.editMedia).toBeNull();
      if (s.matches('browse')) expect(s.context.pendingMove).toBeNull();
      if (s.matches('moveDialog') || s.matches('movingMedia')) expect(s.context.pendingMove?.ids.length).toBeGreaterThan(0);
      actor.stop();
    });
  }
});

/** A media manager on fake actors that answer at once and record what they were asked. */
function boot(
  input: MediaManagerInput = {},
  answers: {
    confirm?: boolean;
    loadMedia?: (input: any) => unknown;
    refreshMedia?: (input: any) => unknown;
    loadMediaDetail?: (input: any) => unknown;
    refreshMediaDetail?: (input: any) => unknown;
    deleteMedia?: () => unknown;
    moveMedia?: (input: any) => unknown;
  } = {},
  writeUrl: (search: string, replace: boolean) => void = () => {},
) {
  const calls: Record<string, unknown[]> = {};
  const notices: Notice[] = [];
  // Calls and answers by invoke id: the grid's and the editor's re-reads invoke loadMedia and
  // loadMediaDetail as `refreshMedia` and `refreshMediaDetail`.
  const answerOf: Record<string, (input: any) => unknown> = {
    refreshMedia: answers.refreshMedia ?? ((i) => listResponse({ page: i.page })),
    refreshMediaDetail: answers.refreshMediaDetail ?? (() => detail),
  };
  const fake = (answer: (input: any) => unknown) =>
    fromPromise(async ({ input, self }: { input: any; self: { id: string } }) => {
      (calls[self.id] ??= []).push(input);
      return (answerOf[self.id] ?? answer)(input);
    });
  const actor = createActor(
    mediaManagerMachine.provide({
      actors: {
        loadMedia: fake(answers.loadMedia ?? ((i) => listResponse({ page: i.page }))),
        loadMediaDetail: fake(answers.loadMediaDetail ?? (() => detail)),
        saveMedia: fake(() => detail),
        deleteMedia: fake(answers.deleteMedia ?? ((i) => i.ids.length)),
        saveFolder: fake(() => folderB),
        deleteFolder: fake(() => ({})),
        confirm: fake(() => answers.confirm ?? true),
        loadFolderTree: fake(() => [folderB, folderA]),
        moveMedia: fake(answers.moveMedia ?? ((i) => i.ids.length)),
      } as any,
      actions: {
        notify: (_: unknown, notice: Notice) => void notices.push(notice),
        writeUrl: (_: unknown, { search, replace }: { search: string; replace: boolean }) => writeUrl(search, replace),
      },
    }),
    { input: { debounceMs: 5, processingPollMs: 5, ...input } },
  ).start();
  const ready = () => waitFor(actor, (s) => s.matches({ browse: 'ready' }));
  return { actor, calls, notices, ready, ctx: () => actor.getSnapshot().context };
}

describe('media manager: selection mode and selection (spec §4, §5)', () => {
  it('rejects a select-mode other than none, single or multi with the spec message and keeps the mode', async () => {
    const { actor, ready, ctx } = boot({ selectMode: 'single' });
    await ready();
    actor.send({ type: 'selectMode.set', mode: 'all' });
    expect(ctx().error).toBe("The select-mode must be one of 'none', 'single' or 'multi'");
    expect(ctx().selectMode).toBe('single');
    actor.send({ type: 'selectMode.set', mode: 'multi' });
    expect(ctx().error).toBeNull();
    expect(ctx().selectMode).toBe('multi');
    expect(ctx().selection).toEqual([]);
  });

  it('multi mode takes only an array', async () => {
    const { actor, ready, ctx } = boot({ selectMode: 'multi' });
    await ready();
    actor.send({ type: 'selection.set', selection: media(1) });
    expect(ctx().error).toBe("You must set an array as selection with select-mode 'multi'");
    expect(ctx().selection).toEqual([]);
    actor.send({ type: 'selection.set', selection: [media(1)] });
    expect(ctx().error).toBeNull();
    expect(ctx().selection).toEqual([media(1)]);
  });

  it('single mode takes an object, not an array', async () => {
    const { actor, ready, ctx } = boot({ selectMode: 'single' });
    await ready();
    actor.send({ type: 'selection.set', selection: [media(1)] });
    expect(ctx().error).toBe("You must set an object as selection with select-mode 'single'");
    actor.send({ type: 'selection.set', selection: 'photo-1.jpg' });
    expect(ctx().error).toBe(SINGLE_SELECTION_ERROR);
    actor.send({ type: 'selection.set', selection: media(2) });
    expect(ctx().error).toBeNull();
    expect(ctx().selection).toEqual(media(2));
  });

  it('none mode takes no selection', async () => {
    const { actor, ready, ctx } = boot();
    await ready();
    actor.send({ type: 'selection.set', selection: media(1) });
    expect(ctx().error).toBe("You cannot set a selection with select-mode 'none'");
    expect(ctx().selection).toBeNull();
  });

  it('an invalid mode or selection given as input is reported the same way', () => {
    const bad = createActor(mediaManagerMachine, { input: { selectMode: 'many' } });
    expect(bad.getSnapshot().context).toMatchObject({ error: SELECT_MODE_ERROR, selectMode: 'none', selection: null });
    const wrongShape = createActor(mediaManagerMachine, { input: { selectMode: 'multi', selection: media(1) } });
    expect(wrongShape.getSnapshot().context).toMatchObject({ error: MULTI_SELECTION_ERROR, selection: [] });
  });

  it('in none mode choosing a media opens the editor on its detail', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    actor.send({ type: 'media.choose', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    expect(calls.loadMediaDetail).toEqual([{ id: 1 }]);
    expect(actor.getSnapshot().context.editMedia).toEqual(detail);
    expect(actor.getSnapshot().context.selection).toBeNull();
  });

  it('single mode holds one object: the last chosen', async () => {
    const { actor, ready, ctx } = boot({ selectMode: 'single' });
    await ready();
    actor.send({ type: 'media.choose', media: media(1) });
    actor.send({ type: 'media.choose', media: media(2) });
    expect(ctx().selection).toEqual(media(2));
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
  });

  it('a pick while the next page loads counts: a tile clicked as a search lands is not dropped', async () => {
    const { actor, ready, ctx } = boot({ selectMode: 'single' });
    await ready();
    actor.send({ type: 'search.change', search: 'tractor' });
    actor.send({ type: 'search.commit' });
    expect(actor.getSnapshot().matches({ browse: 'loading' })).toBe(true);
    actor.send({ type: 'media.choose', media: media(3) });
    expect(ctx().selection).toEqual(media(3));
    await ready();
    expect(ctx().selection).toEqual(media(3));
  });

  it('multi mode toggles the chosen media in an array', async () => {
    const { actor, ready, ctx } = boot({ selectMode: 'multi' });
    await ready();
    actor.send({ type: 'media.choose', media: media(1) });
    actor.send({ type: 'media.choose', media: media(2) });
    expect(ctx().selection).toEqual([media(1), media(2)]);
    actor.send({ type: 'media.choose', media: media(1) });
    expect(ctx().selection).toEqual([media(2)]);
  });
});

describe('media manager: edit list, trail, paging, filter, search', () => {
  it('the edit list toggles ids and the clear value empties it', async () => {
    const { actor, ready, ctx } = boot();
    await ready();
    for (const id of [1, 2, 3, 2]) actor.send({ type: 'editList.toggle', id });
    expect(ctx().editList).toEqual([1, 3]);
    actor.send({ type: 'editList.toggle', id: 'clear' });
    expect(ctx().editList).toEqual([]);
  });

  it('opening a folder already in the trail cuts the trail back to it; no folder resets it', async () => {
    const { actor, calls, ready, ctx } = boot();
    await ready();
    actor.send({ type: 'folder.open', folder: folderA });
    await ready();
    actor.send({ type: 'folder.open', folder: folderB });
    await ready();
    expect(ctx().parentFolders).toEqual([folderA, folderB]);
    actor.send({ type: 'folder.open', folder: folderA });
    await ready();
    expect(ctx().parentFolders).toEqual([folderA]);
    actor.send({ type: 'folder.open', folder: null });
    await ready();
    expect(ctx().parentFolders).toEqual([]);
    expect((calls.loadMedia as any[]).map((i) => i.folder)).toEqual([null, 1, 2, 1, null]);
  });

  it('a deep link into a nested folder gets its whole trail from the server', async () => {
    const { ready, ctx, calls } = boot(
      { folder: folderB },
      { loadMedia: () => ({ ...listResponse(), parent_folder: { id: 2, path: '/tractors/red', ancestors: [folderA] } }) },
    );
    await ready();
    expect((calls.loadMedia as any[])[0]).toMatchObject({ folder: 2 });
    expect(ctx().parentFolders).toEqual([folderA, folderB]);
  });

  it('pages within range only, and a new folder starts at page 1', async () => {
    const { actor, calls, ready, ctx } = boot();
    await ready();
    actor.send({ type: 'page.change', page: 9 });
    actor.send({ type: 'page.change', page: 1 });
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
    actor.send({ type: 'page.change', page: 3 });
    await ready();
    expect(ctx().page).toBe(3);
    actor.send({ type: 'folder.open', folder: folderA });
    await ready();
    expect((calls.loadMedia as any[]).map((i) => i.page)).toEqual([1, 3, 1]);
  });

  it('a virtual folder filters by mime type; all folders widens the search', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    actor.send({ type: 'filter.change', mimeType: 'video/*' });
    await ready();
    actor.send({ type: 'allFolders.change', allFolders: true });
    await ready();
    expect((calls.loadMedia as any[]).slice(1)).toEqual([
      { folder: null, page: 1, search: '', all: false, mimeType: 'video/*' },
      { folder: null, page: 1, search: '', all: true, mimeType: 'video/*' },
    ]);
  });

  it('search is debounced: typing restarts the wait, one load with the last text', async () => {
    const { actor, calls, ready, ctx } = boot();
    await ready();
    for (const search of ['t', 'tr', 'tractor ']) actor.send({ type: 'search.change', search });
    expect(actor.getSnapshot().matches({ browse: { ready: 'debouncing' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ browse: { ready: 'idle' } }) && (calls.loadMedia?.length ?? 0) === 2);
    expect((calls.loadMedia as any[])[1]).toMatchObject({ search: 'tractor' });
    expect(ctx().search).toBe('tractor ');
  });

  it('search.commit loads at once without waiting for the debounce', async () => {
    const { actor, calls, ready } = boot({ debounceMs: 60_000 });
    await ready();
    actor.send({ type: 'search.change', search: 'red' });
    actor.send({ type: 'search.commit' });
    await ready();
    expect(actor.getSnapshot().matches({ browse: { ready: 'idle' } })).toBe(true);
    expect((calls.loadMedia as any[])[1]).toMatchObject({ search: 'red', page: 1 });
  });

  it('a failed load keeps its status and retries', async () => {
    let first = true;
    const { actor, ready } = boot(
      {},
      {
        loadMedia: () => {
          if (first) {
            first = false;
            throw { status: 503, data: { detail: 'Down' } };
          }
          return listResponse();
        },
      },
    );
    await waitFor(actor, (s) => s.matches({ browse: 'failed' }));
    expect(actor.getSnapshot().context.loadError).toEqual({ status: 503, key: 'errors.http.unavailable' });
    actor.send({ type: 'retry' });
    await ready();
    expect(actor.getSnapshot().context.medias).toHaveLength(2);
  });
});

describe('media manager: bulk delete and the editor', () => {
  it('bulk delete declined does nothing', async () => {
    const { actor, calls, ready, ctx, notices } = boot({}, { confirm: false });
    await ready();
    actor.send({ type: 'editList.toggle', id: 1 });
    actor.send({ type: 'editList.toggle', id: 2 });
    actor.send({ type: 'bulkDelete.request' });
    await ready();
    expect(calls.confirm).toEqual([{ title: 'mediaGallery.deleteTitle', question: 'mediaGallery.deleteSelected', values: { count: 2 }, danger: true }]);
    expect(calls.deleteMedia).toBeUndefined();
    expect(calls.loadMedia).toHaveLength(1);
    expect(ctx().editList).toEqual([1, 2]);
    expect(notices).toEqual([]);
  });

  it('bulk delete approved deletes each id, clears the edit list, reloads and says how many went', async () => {
    const { actor, calls, ready, ctx, notices } = boot();
    await ready();
    actor.send({ type: 'editList.toggle', id: 1 });
    actor.send({ type: 'editList.toggle', id: 2 });
    actor.send({ type: 'bulkDelete.request' });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.deleteMedia).toEqual([{ ids: [1, 2] }]);
    expect(ctx().editList).toEqual([]);
    expect(notices).toEqual([{ key: 'mediaGallery.deleteSuccess', values: { count: 2 }, color: 'success' }]);
  });

  it('bulk delete with nothing ticked is not offered', async () => {
    const { actor, ready } = boot();
    await ready();
    expect(actor.getSnapshot().can({ type: 'bulkDelete.request' })).toBe(false);
  });

  it('saving the editor patches the media, closes the panel, reloads and shows mediaManager.fileInfo', async () => {
    const { actor, calls, ready, notices, ctx } = boot();
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    const data = { translations: { it: { alt_text: 'Trattore rosso' } } };
    actor.send({ type: 'editor.save', data });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.saveMedia).toEqual([{ id: 1, data, version: 1 }]);
    expect(notices).toEqual([{ key: 'mediaManager.fileInfo', color: 'success' }]);
    expect(ctx().editMedia).toBeNull();
  });

  it('a refused save keeps the panel open with the field errors', async () => {
    const refused = { 'translations.it.alt_text': ['Ensure this field has no more than 255 characters.'] };
    const actor = createActor(
      mediaManagerMachine.provide({
        actors: {
          loadMedia: fromPromise(async () => listResponse()),
          loadMediaDetail: fromPromise(async () => detail),
          saveMedia: fromPromise(async () => {
            throw { status: 400, data: refused };
          }),
        } as any,
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }));
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    actor.send({ type: 'editor.save', data: {} });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }) && s.context.editErrors !== null);
    expect(actor.getSnapshot().context.editErrors).toEqual(refused);
  });

  it('deleting from the editor asks first; declined returns to the editor', async () => {
    const { actor, calls, ready } = boot({}, { confirm: false });
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    actor.send({ type: 'editor.delete' });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }) && (calls.confirm?.length ?? 0) === 1);
    expect(calls.confirm).toEqual([{ title: 'mediaGallery.deleteTitle', question: 'mediaGallery.deleteSelected', values: { count: 1 }, danger: true }]);
    expect(calls.deleteMedia).toBeUndefined();
  });

  it('creates a folder inside the folder shown, then reloads', async () => {
    const { actor, calls, ready } = boot({ folder: folderA });
    await ready();
    actor.send({ type: 'folder.create', title: '  Blue ' });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.saveFolder).toEqual([{ id: null, title: 'Blue', parent: 1 }]);
  });

  it('deletes a folder only after the confirm', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    actor.send({ type: 'folder.delete', folder: folderA });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.confirm).toEqual([
      { title: 'mediaGallery.deleteFolderTitle', question: 'mediaGallery.deleteFolder', values: { name: 'Tractors' }, danger: true },
    ]);
    expect(calls.deleteFolder).toEqual([{ id: 1 }]);
  });
});

describe('media manager: uploads that end behind the editor', () => {
  it('reloads the list when the editor closes after an upload batch ended while it was open', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    const loads = calls.loadMedia?.length ?? 0;
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().matches({ editor: 'open' })).toBe(true);
    actor.send({ type: 'editor.close' });
    await ready();
    expect(calls.loadMedia?.length ?? 0).toBe(loads + 1);
    expect(actor.getSnapshot().context.stale).toBe(false);
  });

  it('goes straight back to the list when nothing changed behind the editor', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    const loads = calls.loadMedia?.length ?? 0;
    actor.send({ type: 'editor.close' });
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
    expect(calls.loadMedia?.length ?? 0).toBe(loads);
  });
});

describe('media manager: moving media into folders (issue 18)', () => {
  it('Move to… moves the ticked media into the folder chosen in the dialog, unticks them and reloads', async () => {
    const { actor, calls, ready, ctx, notices } = boot();
    await ready();
    actor.send({ type: 'editList.toggle', id: 1 });
    actor.send({ type: 'editList.toggle', id: 2 });
    actor.send({ type: 'move.request' });
    await waitFor(actor, (s) => s.matches({ moveDialog: 'picking' }));
    expect(ctx().folderTree).toEqual([folderB, folderA]);
    actor.send({ type: 'move.choose', folder: 2 });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.moveMedia).toEqual([{ ids: [1, 2], folder: 2 }]);
    expect(ctx().editList).toEqual([]);
    expect(ctx().pendingMove).toBeNull();
    expect(notices).toEqual([{ key: 'media.moved', values: { count: 2 }, color: 'success' }]);
  });

  it("a tile's own Move to… moves that media to the root; other ticks stay", async () => {
    const { actor, calls, ready, ctx } = boot({ folder: folderA });
    await ready();
    actor.send({ type: 'editList.toggle', id: 1 });
    actor.send({ type: 'move.request', ids: [2] });
    await waitFor(actor, (s) => s.matches({ moveDialog: 'picking' }));
    actor.send({ type: 'move.choose', folder: null });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.moveMedia).toEqual([{ ids: [2], folder: null }]);
    expect(ctx().editList).toEqual([1]);
  });

  it('Move to… is not offered with nothing to move; cancel moves nothing', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    expect(actor.getSnapshot().can({ type: 'move.request' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'move.request', ids: [] })).toBe(false);
    actor.send({ type: 'move.request', ids: [1] });
    await waitFor(actor, (s) => s.matches({ moveDialog: 'picking' }));
    actor.send({ type: 'move.cancel' });
    expect(actor.getSnapshot().matches({ browse: 'ready' })).toBe(true);
    expect(calls.moveMedia).toBeUndefined();
    expect(calls.loadMedia).toHaveLength(1);
  });

  it('a folder list that fails to load can be retried from the dialog', async () => {
    let tries = 0;
    const logic = mediaManagerMachine.provide({
      actors: {
        loadMedia: fromPromise(async () => listResponse()),
        loadFolderTree: fromPromise(async () => {
          if (tries++ === 0) throw { status: 503, data: { detail: 'Down' } };
          return [folderA];
        }),
      } as any,
    });
    const dialog = createActor(logic, { input: {} }).start();
    await waitFor(dialog, (s) => s.matches({ browse: 'ready' }));
    dialog.send({ type: 'move.request', ids: [1] });
    await waitFor(dialog, (s) => s.matches({ moveDialog: 'failed' }));
    expect(dialog.getSnapshot().context.loadError).toEqual({ status: 503, key: 'errors.http.unavailable' });
    dialog.send({ type: 'move.retry' });
    await waitFor(dialog, (s) => s.matches({ moveDialog: 'picking' }));
    expect(dialog.getSnapshot().context.folderTree).toEqual([folderA]);
  });

  it('tiles dropped on another folder move at once; dropped on the folder shown, nothing happens', async () => {
    const { actor, calls, ready, notices } = boot({ folder: folderA });
    await ready();
    expect(actor.getSnapshot().can({ type: 'media.drop', ids: [1], folder: 1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'media.drop', ids: [], folder: 2 })).toBe(false);
    actor.send({ type: 'media.drop', ids: [1, 2], folder: null });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.loadMedia?.length ?? 0) === 2);
    expect(calls.moveMedia).toEqual([{ ids: [1, 2], folder: null }]);
    expect(calls.loadFolderTree).toBeUndefined();
    expect(notices).toEqual([{ key: 'media.moved', values: { count: 2 }, color: 'success' }]);
  });

  it('a refused move says so and keeps the list and the ticks as they were', async () => {
    const { actor, calls, ready, ctx, notices } = boot(
      {},
      {
        moveMedia: () => {
          throw { status: 400, data: { 'ids.0': ['Invalid pk "1" - object does not exist.'] } };
        },
      },
    );
    await ready();
    actor.send({ type: 'editList.toggle', id: 1 });
    actor.send({ type: 'media.drop', ids: [1], folder: 1 });
    await waitFor(actor, (s) => s.matches({ browse: 'ready' }) && (calls.moveMedia?.length ?? 0) === 1);
    expect(calls.loadMedia).toHaveLength(1);
    expect(ctx().editList).toEqual([1]);
    expect(ctx().pendingMove).toBeNull();
    expect(notices).toEqual([{ key: 'media.moveFailed', color: 'error' }]);
  });

  it('the edit panel loads every folder for its folder field', async () => {
    const { actor, calls, ready } = boot();
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }) && s.context.folderTree !== null);
    expect(calls.loadFolderTree).toHaveLength(1);
    actor.send({ type: 'editor.save', data: { folder: 2 } });
    await ready();
    expect(calls.saveMedia).toEqual([{ id: 1, data: { folder: 2 }, version: 1 }]);
  });
});

describe('media manager: folder, page, filter and search in the URL (issue 18)', () => {
  const nested = { ...listResponse({ page: 2 }), parent_folder: { ...folderB, ancestors: [folderA] } };

  it('starts where the URL says, names the trail from the answer and writes the URL back', async () => {
    const urls: string[] = [];
    const { calls, ready, ctx } = boot({ query: '?folder=2&page=2&type=image/*&search=red&all=1' }, { loadMedia: () => nested }, (u) => urls.push(u));
    await ready();
    expect(calls.loadMedia).toEqual([{ folder: 2, page: 2, search: 'red', all: true, mimeType: 'image/*' }]);
    expect(ctx().parentFolders).toEqual([folderA, folderB]);
    expect(urls.at(-1)).toBe('folder=2&page=2&type=image%2F*&search=red&all=1');
  });

  it('the load it opens with replaces the URL it was opened with; a folder opened later is a new history entry', async () => {
    const writes: Array<[string, boolean]> = [];
    const { actor, ready } = boot({ query: '?page=2' }, {}, (u, replace) => writes.push([u, replace]));
    await ready();
    actor.send({ type: 'folder.open', folder: folderA });
    await ready();
    expect(writes[0]).toEqual(['page=2', true]);
    expect(writes.slice(1).every(([, replace]) => !replace)).toBe(true);
    expect(writes.at(-1)).toEqual(['folder=1', false]);
  });

  it('malformed parts of the URL are the defaults', async () => {
    const { calls, ready } = boot({ query: 'folder=abc&page=-3&type=<script>&all=yes' });
    await ready();
    expect(calls.loadMedia).toEqual([{ folder: null, page: 1, search: '', all: false, mimeType: null }]);
  });

  it('Back to the same query does nothing; to a folder of the trail cuts the trail back; to no query goes to the root', async () => {
    const urls: string[] = [];
    const { actor, calls, ready, ctx } = boot({}, {}, (u) => urls.push(u));
    await ready();
    actor.send({ type: 'folder.open', folder: folderA });
    await ready();
    actor.send({ type: 'folder.open', folder: folderB });
    await ready();
    expect(urls.at(-1)).toBe('folder=2');
    actor.send({ type: 'query.sync', search: '?folder=2' });
    expect(actor.getSnapshot().can({ type: 'query.sync', search: 'folder=2' })).toBe(false);
    expect(calls.loadMedia).toHaveLength(3);
    actor.send({ type: 'query.sync', search: '?folder=1' });
    await ready();
    expect(ctx().parentFolders).toEqual([folderA]);
    actor.send({ type: 'query.sync', search: '' });
    await ready();
    expect(ctx().parentFolders).toEqual([]);
    expect((calls.loadMedia as any[]).map((i) => i.folder)).toEqual([null, 1, 2, 1, null]);
  });

  it('Back while the editor is open shows the folder of the URL once the editor closes', async () => {
    const { actor, calls, ready, ctx } = boot({ folder: folderA });
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: 'open' }));
    actor.send({ type: 'query.sync', search: '' });
    expect(actor.getSnapshot().matches({ editor: 'open' })).toBe(true);
    actor.send({ type: 'editor.close' });
    await ready();
    expect(ctx().parentFolders).toEqual([]);
    expect((calls.loadMedia as any[]).map((i) => i.folder)).toEqual([1, null]);
  });

  it('a page, filter or search change is written to the URL with the folder', async () => {
    const urls: string[] = [];
    const { actor, ready } = boot({ folder: folderA }, {}, (u) => urls.push(u));
    await ready();
    actor.send({ type: 'page.change', page: 3 });
    await ready();
    expect(urls.at(-1)).toBe('folder=1&page=3');
    actor.send({ type: 'filter.change', mimeType: 'video/*' });
    await ready();
    actor.send({ type: 'search.change', search: ' red ' });
    actor.send({ type: 'search.commit' });
    await ready();
    expect(urls.at(-1)).toBe('folder=1&type=video%2F*&search=red');
  });
});

describe('media manager helpers for moves and the URL', () => {
  it('lists folders each under its parent, siblings by title', () => {
    const f = (id: number, title: string, parent: number | null) => ({ id, title, path: `/${title}`, parent });
    expect(folderOptions([f(3, 'b2', 1), f(1, 'B', null), f(2, 'a', null), f(4, 'b10', 1), f(5, 'lost', 99)]).map((o) => [o.label, o.depth])).toEqual([
      ['a', 1],
      ['B', 1],
      ['b2', 2],
      ['b10', 2],
      ['lost', 1],
    ]);
  });

  it('a dragged tile carries the ticked media when it is ticked, else itself', () => {
    expect(movedIds([3, 1], 1)).toEqual([3, 1]);
    expect(movedIds([3, 1], 2)).toEqual([2]);
  });

  it('leaves the defaults out of the URL', () => {
    expect(mediaToQuery({ parentFolders: [], page: 1, mimeType: null, search: '  ', allFolders: false })).toBe('');
  });
});

describe('media manager: items still processing', () => {
  it('re-reads the page quietly until no item is processing, then stops', async () => {
    const urls: string[] = [];
    const answers = [processingResponse, listResponse({ items: [media(3), media(2)] })];
    const { actor, calls, ctx } = boot({ query: 'page=1' }, { loadMedia: () => processingResponse, refreshMedia: () => answers.shift() }, (search) =>
      urls.push(search),
    );
    const loadingSeen: boolean[] = [];
    actor.subscribe((s) => {
      if (!s.matches({ browse: 'loading' })) loadingSeen.push(s.context.loading);
    });
    await waitFor(actor, (s) => s.matches({ browse: { ready: 'idle' } }) && calls.refreshMedia?.length === 2);
    expect(ctx().medias.map((m) => [m.id, m.processing ?? false])).toEqual([
      [3, false],
      [2, false],
    ]);
    expect(calls.loadMedia).toHaveLength(1);
    expect(calls.refreshMedia).toEqual([calls.loadMedia![0], calls.loadMedia![0]]);
    // No loading state and no URL written for a re-read: only the load's own two (its start, its answer).
    expect(loadingSeen).not.toContain(true);
    expect(urls).toHaveLength(2);
    // Nothing processing: no wait runs, so no further re-read.
    expect(actor.getSnapshot().children.processingWait).toBeUndefined();
    actor.stop();
  });

  it('keeps the page shown when a re-read fails, and tries again', async () => {
    let failures = 1;
    const { actor, calls, ctx } = boot(
      {},
      {
        loadMedia: () => processingResponse,
        refreshMedia: () => {
          if (failures-- > 0) throw Object.assign(new Error('busy'), { status: 503 });
          return listResponse({ items: [media(3)] });
        },
      },
    );
    await waitFor(actor, (s) => s.matches({ browse: { ready: 'idle' } }) && calls.refreshMedia?.length === 2);
    expect(ctx().medias.map((m) => m.id)).toEqual([3]);
    expect(ctx().loadError).toBeNull();
    actor.stop();
  });

  it('re-reads the media in the editor until its variants exist, keeping the rest of what it shows', async () => {
    const answers = [
      processingDetail,
      { ...detail, processing: false, width: 120, height: 80, thumbnail_url: '/media/new.thumb.webp', title: 'changed elsewhere' },
    ];
    const { actor, calls, ctx, ready } = boot({}, { loadMediaDetail: () => processingDetail, refreshMediaDetail: () => answers.shift() });
    await ready();
    actor.send({ type: 'editor.open', media: media(1) });
    await waitFor(actor, (s) => s.matches({ editor: { open: 'idle' } }) && calls.refreshMediaDetail?.length === 2);
    expect(ctx().editMedia).toMatchObject({ processing: false, width: 120, height: 80, thumbnail_url: '/media/new.thumb.webp' });
    // The rest stays as the editor read it: a re-read never overwrites the form's fields.
    expect(ctx().editMedia).not.toHaveProperty('title', 'changed elsewhere');
    expect(calls.refreshMediaDetail).toEqual([{ id: 1 }, { id: 1 }]);
    expect(actor.getSnapshot().children.processingWait).toBeUndefined();
    actor.stop();
  });
});
