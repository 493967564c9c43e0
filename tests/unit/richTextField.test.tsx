// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { AppServicesProvider, type AppServices } from '../../src/app/AppServices';
import RichTextField from '../../src/fields/RichTextField';
import { testServices } from './appServices';

let actors: Partial<AppServices>;
beforeAll(async () => {
  actors = await testServices();
});
afterEach(cleanup);
/**
 * TipTap normalises what it loads (a paragraph in each list item, a link's target and
 * rel) and reports an update once mounted: the Cookie and Privacy policies opened dirty.
 */
const LOADED = ['<ul><li><strong>A</strong>: b</li></ul><p>x</p>', '<p>e <a href="mailto:a@b.c">a@b.c</a>.</p>', '<h2>x</h2><p>y</p>', ''];

it('draws its toolbar with the icon set, not emoji a font may lack', async () => {
  const { findAllByRole } = render(
    <AppServicesProvider services={actors}>
      <RichTextField name="b" id="b" field={{ type: 'richtext', label: 'x' } as never} value="" onChange={() => {}} />
    </AppServicesProvider>,
  );
  const buttons = await findAllByRole('button');
  for (const name of ['Link', 'Insert an image', 'Undo', 'Redo']) {
    const button = buttons.find((b) => b.getAttribute('aria-label') === name)!;
    expect(button.querySelector('svg'), name).not.toBeNull();
    expect(button.textContent ?? '', name).not.toMatch(/\p{Extended_Pictographic}|[↶↷]/u);
  }
});

for (const html of LOADED) {
  it(`showing ${JSON.stringify(html)} reports no change`, async () => {
    const calls: unknown[] = [];
    const { findByRole } = render(
      <AppServicesProvider services={actors}>
        <RichTextField name="b" id="b" field={{ type: 'richtext', label: 'x' } as never} value={html} onChange={(v) => calls.push(v)} />
      </AppServicesProvider>,
    );
    await findByRole('textbox');
    // TipTap reports its first update on a later tick than the mount.
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([]);
  });
}
