// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { MediaItem } from '../../machines/mediaManager.types';
import { AppServicesProvider, type AppServices } from '../../src/app/AppServices';
import { UsedBy } from '../../src/media/MediaEditor';
import { testServices } from './appServices';

let actors: Partial<AppServices>;
beforeAll(async () => {
  actors = await testServices();
});
afterEach(cleanup);

const show = (media: Partial<MediaItem>) =>
  render(
    <AppServicesProvider services={actors}>
      <UsedBy media={{ id: 1, ...media } as MediaItem} />
    </AppServicesProvider>,
  );

it('names the records it may see and counts the others (issue 13.8)', () => {
  show({ used_by: [{ model: 'tenant', id: 4, label: 'Trattori Bergamo', path: '/tenants/4' }], used_by_hidden: 2 });
  expect(screen.getByText('Trattori Bergamo')).toBeTruthy();
  expect(screen.getByTestId('media-used-by-hidden').textContent).toBe('Other records you cannot see: 2');
  expect(screen.queryByText('Not used anywhere yet.')).toBeNull();
});

it('never says "not used" when only records it may not see use it', () => {
  show({ used_by: [], used_by_hidden: 1 });
  expect(screen.getByTestId('media-used-by-hidden').textContent).toBe('Other records you cannot see: 1');
  expect(screen.queryByText('Not used anywhere yet.')).toBeNull();
});

it('says "not used" when nothing uses it', () => {
  show({ used_by: [], used_by_hidden: 0 });
  expect(screen.getByText('Not used anywhere yet.')).toBeTruthy();
  expect(screen.queryByTestId('media-used-by-hidden')).toBeNull();
});
