import { describe, expect, it } from 'vitest';
import { ACTIONS, codename } from '../../entities/permissions';
import en from '../../locales/en.json' with { type: 'json' };
import type { UserInfo } from '../../machines/session.types';
import { type Menu, sidebarMenu } from '../../src/routing/sidebar';
import { GROUPS, ROUTES } from '../../src/routing/routes';

const label = (key: string) => key.split('.').reduce<any>((o, k) => o?.[k], en) as string;
const grant = (models: string[], actions: readonly string[] = ACTIONS) => models.flatMap((m) => actions.map((a) => codename(a as never, m)));
const user = (over: Partial<UserInfo>, codenames: string[] = []): UserInfo => ({
  id: 1,
  username: 'u',
  email: '',
  first_name: '',
  last_name: '',
  role: null,
  user_role: 'staff',
  is_superuser: false,
  all_permissions: codenames.map((c) => ({ codename: c, name: c })),
  ...over,
});

// The demo users' permissions (server/seed/demo.ts).
const admin = user({ is_superuser: true });
const staff = user({}, grant(['tenant', 'tenantuser', 'user', 'media', 'page', 'indexingactionlog', 'marketSettings'], ['view']));
const market = user({ role: 'MA' }, grant(['tenant', 'tenantuser', 'user', 'media', 'page']));
const marketWithRedirects = user({ role: 'MA' }, grant(['tenant', 'tenantuser', 'user', 'media', 'page', 'redirect']));
const dealerModels = [
  'product',
  'usedproduct',
  'brand',
  'brandservice',
  'category',
  'tag',
  'featuredProducts',
  'promo',
  'news',
  'redirect',
  'user',
  'media',
  'page',
];
const dealer = user({ role: 'DE' }, grant(dealerModels));

/** The menu as labels: `Group > child`, footers prefixed. */
function render(menu: Menu) {
  return {
    top: menu.main.map((e) => label(e.label)),
    children: Object.fromEntries(
      menu.main.filter((e) => e.kind === 'group').map((g) => [label(g.label), g.kind === 'group' ? g.children.map((c) => label(c.label)) : []]),
    ),
    footer: menu.footer.map((e) => label(e.label)),
  };
}
const menuOf = (u: UserInfo | null, dealerBackoffice: boolean) => render(sidebarMenu(ROUTES, GROUPS, { loggedIn: u !== null, user: u, dealerBackoffice }));

const FIVE_PAGES = ['Homepage', 'Chi Siamo', 'Ricambi e Lubrificanti', 'Contatti', 'Settings'];
const SUPERUSER_PAGES = [
  'Cookie Policy',
  'Privacy Policy',
  'Page Dealer Brands',
  'Page News List',
  'Page Product List',
  'Page Used Product List',
  'Page Promotion List',
];

describe('sidebar rules (spec §6)', () => {
  const cases: Array<[string, UserInfo, boolean, string[], string[]]> = [
    // Redirects: issue 15 §4, beyond spec §6's list.
    [
      'a dealer on its back-office',
      dealer,
      true,
      ['Products', 'Products Used', 'Dealer Brands', 'Promotions', 'News', 'Redirects', 'Pages', 'Activity'],
      ['Users', 'Media'],
    ],
    [
      'a superuser on a dealer back-office',
      admin,
      true,
      ['Products', 'Products Used', 'Dealer Brands', 'Promotions', 'News', 'Redirects', 'Pages', 'Activity'],
      ['Users', 'Media'],
    ],
    ['master staff', staff, false, ['Dealer Sites', 'Dealer Users', 'Pages', 'Indexing Logs', 'Market Settings', 'Activity'], ['Users', 'Media']],
    // The master's Redirects span the sites it reaches (issue 15 §4), for whoever holds view_redirect.
    [
      'a superuser on the master back-office',
      admin,
      false,
      ['Dealer Sites', 'Dealer Users', 'Redirects', 'Pages', 'Indexing Logs', 'Market Settings', 'Activity'],
      ['Users', 'Media'],
    ],
    ['a market administrator', market, false, ['Dealer Sites', 'Dealer Users', 'Pages', 'Activity'], ['Users', 'Media']],
    [
      'a market administrator holding the redirects',
      marketWithRedirects,
      false,
      ['Dealer Sites', 'Dealer Users', 'Redirects', 'Pages', 'Activity'],
      ['Users', 'Media'],
    ],
  ];
  for (const [who, u, dealerBackoffice, top, footer] of cases) {
    it(`shows ${who} exactly: ${[...top, ...footer].join(', ')}`, () => {
      const m = menuOf(u, dealerBackoffice);
      expect(m.top).toEqual(top);
      expect(m.footer).toEqual(footer);
    });
  }

  it('shows superusers every child item, site pages included', () => {
    const m = menuOf(admin, false);
    expect(m.children.Pages).toEqual([...FIVE_PAGES, ...SUPERUSER_PAGES]);
    expect(menuOf(admin, true).children.Products).toEqual(['Products', 'Categories', 'Tags', 'Featured products']);
  });

  it('shows a market administrator only the five allowed pages', () => {
    expect(menuOf(market, false).children.Pages).toEqual(FIVE_PAGES);
  });

  it('hides the superuser-only pages from staff and dealers', () => {
    expect(menuOf(staff, false).children.Pages).toEqual(FIVE_PAGES);
    expect(menuOf(dealer, true).children.Pages).toEqual(FIVE_PAGES);
  });

  it('shows an item only with view permission on its model, and a group when any child shows', () => {
    const onlyProducts = user({ role: 'DE' }, ['view_product', 'change_category']);
    const m = menuOf(onlyProducts, true);
    // The activity log needs no permission: any signed-in user of the site reads it (docs/decisions.md, issue 16 screens).
    expect(m.top).toEqual(['Products', 'Activity']);
    expect(m.children.Products).toEqual(['Products']);
    expect(m.footer).toEqual([]);
  });

  it('shows nothing to a visitor who is not signed in', () => {
    expect(menuOf(null, false)).toEqual({ top: [], children: {}, footer: [] });
  });

  it('lists only routes whose screen exists when asked to', () => {
    const all = sidebarMenu(ROUTES, GROUPS, { loggedIn: true, user: admin, dealerBackoffice: false });
    const built = sidebarMenu(ROUTES, GROUPS, { loggedIn: true, user: admin, dealerBackoffice: false }, { withScreenOnly: true });
    const names = (m: Menu) => m.main.flatMap((e) => (e.kind === 'group' ? e.children.map((c) => c.name) : [e.name])).concat(m.footer.map((f) => f.name));
    const withScreen = new Set(ROUTES.filter((r) => r.screen).map((r) => r.name));
    expect(names(built)).toEqual(names(all).filter((n) => withScreen.has(n)));
  });
});
