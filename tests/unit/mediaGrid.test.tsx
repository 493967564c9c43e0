// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mediaManagerMachine } from '../../machines/mediaManager.machine';
import { listResponse } from '../../machines/mediaManager.model';
import { AppServicesProvider, type AppServices } from '../../src/app/AppServices';
import { MediaGrid } from '../../src/media/MediaBrowser';
import { testServices } from './appServices';

let actors: Partial<AppServices>;
beforeAll(async () => {
  actors = await testServices();
});
afterEach(cleanup);

/** A picker's manager whose first page answers and whose next load never ends: the old tiles stay shown meanwhile. */
async function pickerWhileLoading() {
  let loads = 0;
  const manager = createActor(
    mediaManagerMachine.provide({
      actors: { loadMedia: fromPromise(() => (++loads === 1 ? Promise.resolve(listResponse()) : new Promise<never>(() => {}))) } as never,
      actions: { notify: () => {}, writeUrl: () => {} },
    }),
    { input: { selectMode: 'single', debounceMs: 5 } },
  ).start();
  await waitFor(manager, (s) => s.matches({ browse: 'ready' }));
  manager.send({ type: 'search.commit' });
  expect(manager.getSnapshot().matches({ browse: 'loading' })).toBe(true);
  render(
    <AppServicesProvider services={actors}>
      <MediaGrid manager={manager} permissions={{ view: true, add: true, change: true, delete: true }} picking />
    </AppServicesProvider>,
  );
  return manager;
}

it('a picker tile clicked while the next page loads is picked: the machine takes the pick, so the tile stays clickable', async () => {
  const manager = await pickerWhileLoading();
  const tile = screen.getByRole('button', { name: 'Pick photo-1.jpg' });
  expect((tile as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(tile);
  expect(tile.getAttribute('aria-pressed')).toBe('true');
  expect(manager.getSnapshot().context.selection).toMatchObject({ id: 1 });
});
