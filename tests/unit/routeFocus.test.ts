// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusHeadingWhenShown } from '../../src/app/routeFocus';

/** One animation frame: the focus move waits for one after the heading shows. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function page() {
  document.body.innerHTML = `
    <header>
      <button id="toggle">Menu</button>
      <button id="display" aria-controls="display-panel" aria-expanded="false">Display</button>
      <div id="display-panel"><input id="icons" type="checkbox"></div>
    </header>
    <nav><a id="link" href="/promotions">Promotions</a></nav>
    <main id="main" tabindex="-1"></main>`;
  const el = (id: string) => document.getElementById(id) as HTMLElement;
  // jsdom lays nothing out: every element counts as shown.
  HTMLElement.prototype.checkVisibility = () => true;
  const showHeading = async () => {
    const h1 = document.createElement('h1');
    h1.textContent = 'Promotions';
    el('main').append(h1);
    await nextFrame();
    await nextFrame();
    return h1;
  };
  return { el, showHeading };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus after a route change', () => {
  it('moves to the new page’s heading from the link that was clicked', async () => {
    const { el, showHeading } = page();
    el('link').focus();
    const stop = focusHeadingWhenShown();
    const h1 = await showHeading();
    expect(document.activeElement).toBe(h1);
    stop();
  });

  it('moves to the heading when a closing dialog gave focus back to the button that opened it', async () => {
    const { el, showHeading } = page();
    el('link').focus();
    const stop = focusHeadingWhenShown();
    el('toggle').focus();
    const h1 = await showHeading();
    expect(document.activeElement).toBe(h1);
    stop();
  });

  for (const [where, id] of [
    ['in a menu', 'icons'],
    ['on the button of a menu', 'display'],
  ] as const) {
    it(`stays ${where} the user opened while the page was loading`, async () => {
      const { el, showHeading } = page();
      const stop = focusHeadingWhenShown();
      el('display').setAttribute('aria-expanded', 'true');
      el(id).focus();
      await showHeading();
      expect(document.activeElement).toBe(el(id));
      stop();
    });
  }
});
