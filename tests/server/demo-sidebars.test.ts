/**
 * The demo logins' real permissions (as seeded, as /api/profiles/me/ answers them) make
 * the sidebars of docs/spec.md §6.
 */
import { expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import type { UserInfo } from '../../machines/session.types';
import { sidebarMenu } from '../../src/routing/sidebar';
import { GROUPS, ROUTES } from '../../src/routing/routes';
import { describeEachDialect } from './harness.js';

const label = (key: string) => key.split('.').reduce<any>((o, k) => o?.[k], en) as string;

describeEachDialect('demo sidebars', (h) => {
  async function sidebarOf(username: string, host: string) {
    const session = await h.login(username, host);
    const me = (await h.get('/api/profiles/me/', { host, session })).json() as UserInfo;
    const menu = sidebarMenu(ROUTES, GROUPS, { loggedIn: true, user: me, dealerBackoffice: host !== 'localhost' });
    return {
      top: menu.main.map((e) => label(e.label)),
      pages: menu.main.flatMap((e) => (e.kind === 'group' && e.label === 'nav.pages' ? e.children.map((c) => label(c.label)) : [])),
      footer: menu.footer.map((e) => label(e.label)),
    };
  }

  it('staff sees the master menu of non-MA users', async () => {
    const s = await sidebarOf('staff', 'localhost');
    expect(s.top).toEqual(['Dealer Sites', 'Dealer Users', 'Redirects', 'Pages', 'Indexing Logs', 'Market Settings', 'Activity']);
    expect(s.footer).toEqual(expect.arrayContaining(['Users', 'Media']));
    expect(s.pages).toEqual(['Homepage', 'Chi Siamo', 'Ricambi e Lubrificanti', 'Contatti', 'Settings']);
  });

  it('the market administrator sees Dealer Sites, Dealer Users, Redirects, Activity, Users, Media and five pages', async () => {
    const s = await sidebarOf('market', 'localhost');
    expect(s.top).toEqual(['Dealer Sites', 'Dealer Users', 'Redirects', 'Pages', 'Activity']);
    expect(s.footer).toEqual(expect.arrayContaining(['Users', 'Media']));
    expect(s.pages).toEqual(['Homepage', 'Chi Siamo', 'Ricambi e Lubrificanti', 'Contatti', 'Settings']);
  });

  it('a dealer sees the dealer menu', async () => {
    const s = await sidebarOf('rossi', 'rossi.localhost');
    expect(s.top).toEqual(['Products', 'Products Used', 'Dealer Brands', 'Promotions', 'News', 'Redirects', 'Pages', 'Activity']);
    expect(s.footer).toEqual(expect.arrayContaining(['Users', 'Media']));
  });
});
