import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../machines/session.types';
import { resolveRoute, safeRedirect } from '../../src/routing/resolve';
import { ROUTES } from '../../src/routing/routes';

const user = (over: Partial<UserInfo> = {}, codenames: string[] = []): UserInfo => ({
  id: 1,
  username: 'u',
  email: '',
  first_name: '',
  last_name: '',
  role: null,
  user_role: 'staff',
  is_superuser: false,
  all_permissions: codenames.map((codename) => ({ codename, name: codename })),
  ...over,
});
const master = (u: UserInfo | null) => ({ loggedIn: u !== null, user: u, dealerBackoffice: false });
const dealer = (u: UserInfo | null) => ({ loggedIn: u !== null, user: u, dealerBackoffice: true });
const resolve = (path: string, viewer: ReturnType<typeof master>, search = '') => resolveRoute(ROUTES, path, search, viewer);

describe('route guards (spec §6: auth, then permissions, then roles)', () => {
  it('sends an anonymous visitor to the login page with the wanted path', () => {
    expect(resolve('/tenants', master(null), '?page=2')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Ftenants%3Fpage%3D2' });
  });

  it('lets anyone reach the login page and sends a signed-in user on to the redirect', () => {
    expect(resolve('/login', master(null)).kind).toBe('ok');
    expect(resolve('/login', master(user()), '?redirect=%2Ftenants')).toEqual({ kind: 'redirect', to: '/tenants' });
    expect(resolve('/login', master(user()), '?redirect=https%3A%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('answers not found without view permission on the model', () => {
    expect(resolve('/tenants', master(user({}, ['change_tenant']))).kind).toBe('notFound');
    const ok = resolve('/tenants', master(user({}, ['view_tenant', 'change_tenant'])));
    expect(ok.kind).toBe('ok');
    if (ok.kind === 'ok') expect([...ok.permissions].sort()).toEqual(['change', 'view']);
  });

  it('gives a superuser every action on every page', () => {
    const r = resolve('/tenants/12', master(user({ is_superuser: true })));
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') expect([...r.permissions].sort()).toEqual(['add', 'change', 'delete', 'view']);
  });

  it('answers not found when the detail parameter fails validation', () => {
    const admin = master(user({ is_superuser: true }));
    expect(resolve('/tenants/new', admin).kind).toBe('ok');
    expect(resolve('/tenants/42', admin).kind).toBe('ok');
    for (const bad of ['/tenants/abc', '/tenants/0', '/tenants/-1', '/tenants/1.5']) expect(resolve(bad, admin).kind).toBe('notFound');
  });

  it('matches static paths before a {detail} parameter', () => {
    const r = resolve('/products/category', dealer(user({}, ['view_category'])));
    expect(r.kind === 'ok' && r.route.name).toBe('products.category');
  });

  it('keeps superuser-only site pages from everyone else', () => {
    const staff = master(user({}, ['view_page']));
    expect(resolve('/sitePages/home', staff).kind).toBe('ok');
    expect(resolve('/sitePages/privacy_policy', staff).kind).toBe('notFound');
    expect(resolve('/sitePages/privacy_policy', master(user({ is_superuser: true }))).kind).toBe('ok');
  });

  it('answers not found for routes of the other back-office', () => {
    const admin = user({ is_superuser: true });
    expect(resolve('/products', master(admin)).kind).toBe('notFound');
    expect(resolve('/tenants', dealer(admin)).kind).toBe('notFound');
    expect(resolve('/users', dealer(admin)).kind).toBe('ok');
  });

  it('answers not found for an unknown path whoever asks', () => {
    expect(resolve('/nope', master(null)).kind).toBe('notFound');
    expect(resolve('/nope', master(user({ is_superuser: true }))).kind).toBe('notFound');
  });

  it('honours route roles for non-superusers', () => {
    const routes = [{ name: 'x', path: '/x', auth: true, label: 'x', backoffice: 'both' as const, roles: ['MA' as const] }];
    const viewer = (u: UserInfo) => ({ loggedIn: true, user: u, dealerBackoffice: false });
    expect(resolveRoute(routes, '/x', '', viewer(user({ role: 'DE' }))).kind).toBe('notFound');
    expect(resolveRoute(routes, '/x', '', viewer(user({ role: 'MA' }))).kind).toBe('ok');
    expect(resolveRoute(routes, '/x', '', viewer(user({ is_superuser: true }))).kind).toBe('ok');
  });
});

describe('safe redirects', () => {
  it('keeps only paths inside the app', () => {
    expect(safeRedirect('/tenants?x=1')).toBe('/tenants?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
