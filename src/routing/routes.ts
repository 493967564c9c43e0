import type { ComponentType } from 'react';
import { SITE_PAGES } from '../../entities/sitePages/keys';
import { entityForm, entityList, sitePage } from '../entity/screens';
import LoginScreen from '../screens/LoginScreen';
import type { Backoffice, GroupDef, RouteDef, ScreenLoader, ScreenProps } from './types';

/**
 * A screen loaded with the shell. Rendering it through React.lazy would suspend once
 * even though the code is there, and React holds back the content that follows a
 * Suspense fallback by 300 ms (FALLBACK_THROTTLE_MS): the login form would wait for it.
 */
const inEntry = (screen: ComponentType<ScreenProps>): ScreenLoader => Object.assign(() => Promise.resolve({ default: screen }), { loaded: screen });

/** `{detail}` is an id or `new`. */
export const validDetail = (p: Record<string, string | undefined>) => /^(new|[1-9]\d{0,15})$/.test(p.detail ?? '');

export { SITE_PAGES };

export const GROUPS: GroupDef[] = [
  { name: 'products', label: 'nav.products', icon: 'tractor', backoffice: 'dealer' },
  { name: 'productsUsed', label: 'nav.productsUsed', icon: 'history', backoffice: 'dealer' },
  { name: 'brand', label: 'nav.brands', icon: 'badge', backoffice: 'dealer' },
  { name: 'pages', label: 'nav.pages', icon: 'pages', backoffice: 'both' },
];

const entity = (
  name: string,
  path: string,
  model: string,
  label: string,
  backoffice: Backoffice,
  extra: Partial<RouteDef> = {},
  /** The `{detail}` route's screen (the list's is `extra.screen`). */
  detailScreen?: ScreenLoader,
): RouteDef[] => [
  { name, path, model, label, auth: true, backoffice, ...extra },
  // The detail keeps its list's sidebar group open.
  {
    name: `${name}.detail`,
    path: `${path}/:detail`,
    model,
    label,
    auth: true,
    backoffice,
    hidden: true,
    group: extra.group,
    notForRoles: extra.notForRoles,
    validate: validDetail,
    screen: detailScreen,
  },
];

export const ROUTES: RouteDef[] = [
  {
    name: 'index',
    path: '/',
    auth: true,
    label: 'nav.home',
    icon: 'home',
    hidden: true,
    backoffice: 'both',
    screen: () => import('../screens/IndexScreen'),
  },
  {
    name: 'login',
    path: '/login',
    auth: false,
    guestOnly: true,
    label: 'nav.login',
    hidden: true,
    backoffice: 'both',
    // Loaded with the shell: the first screen most visitors see should not wait for a chunk.
    screen: inEntry(LoginScreen),
  },
  // Every field widget on one in-memory form (src/entity/FieldPlayground.tsx), for the e2e suite and for trying widgets out.
  // Never in a production build (esbuild.config.ts defines both), which then emits no chunk of it either.
  ...(process.env.NODE_ENV !== 'production' || process.env.FIELD_PLAYGROUND === '1'
    ? [
        {
          name: 'dev.fields',
          path: '/dev/fields',
          auth: true,
          label: 'fields.playground.title',
          hidden: true,
          backoffice: 'both' as const,
          screen: () => import('../entity/FieldPlayground'),
        },
      ]
    : []),
  ...entity(
    'products',
    '/products',
    'product',
    'nav.productList',
    'dealer',
    { group: 'products', icon: 'tractor', screen: entityList('product') },
    entityForm('product'),
  ),
  ...entity(
    'products.category',
    '/products/category',
    'category',
    'nav.categories',
    'dealer',
    { group: 'products', icon: 'folder', screen: entityList('category') },
    entityForm('category'),
  ),
  ...entity('products.tag', '/products/tag', 'tag', 'nav.tags', 'dealer', { group: 'products', icon: 'tag', screen: entityList('tag') }, entityForm('tag')),
  ...entity(
    'featuredProducts',
    '/featuredProducts',
    'featuredProducts',
    'nav.featuredProducts',
    'dealer',
    { group: 'products', icon: 'star', screen: entityList('featuredProduct') },
    entityForm('featuredProduct'),
  ),
  ...entity(
    'productsUsed',
    '/productsUsed',
    'usedproduct',
    'nav.usedProductList',
    'dealer',
    { group: 'productsUsed', icon: 'history', screen: entityList('usedProduct') },
    entityForm('usedProduct'),
  ),
  ...entity(
    'productsUsed.category',
    '/productsUsed/category',
    'category',
    'nav.dealerCategories',
    'dealer',
    { group: 'productsUsed', icon: 'folder', screen: entityList('usedCategory') },
    entityForm('usedCategory'),
  ),
  ...entity('brand', '/brand', 'brand', 'nav.dealerBrands', 'dealer', { group: 'brand', icon: 'badge', screen: entityList('brand') }, entityForm('brand')),
  ...entity(
    'brand.services',
    '/brand/services',
    'brandservice',
    'nav.brandServices',
    'dealer',
    { group: 'brand', icon: 'wrench', screen: entityList('brandService') },
    entityForm('brandService'),
  ),
  ...entity('promotion', '/promotion', 'promo', 'nav.promotions', 'dealer', { icon: 'percent', screen: entityList('promotion') }, entityForm('promotion')),
  ...entity('news', '/news', 'news', 'nav.news', 'dealer', { icon: 'newspaper', screen: entityList('news') }, entityForm('news')),
  ...entity('tenants', '/tenants', 'tenant', 'nav.tenants', 'master', { icon: 'store', screen: entityList('tenant') }, entityForm('tenant')),
  ...entity(
    'tenantUsers',
    '/tenantUsers',
    'tenantuser',
    'nav.tenantUsers',
    'master',
    { icon: 'users', screen: entityList('tenantUser') },
    entityForm('tenantUser'),
  ),
  // A dealer's own redirects; on the master, those of every site the user reaches (entities/define.ts acrossSites).
  ...entity('redirects', '/redirects', 'redirect', 'nav.redirects', 'both', { icon: 'redo', screen: entityList('redirect') }, entityForm('redirect')),
  // An entity's deleted rows, reached from its list; the screen checks the entity and the view permission.
  {
    name: 'bin',
    path: '/bin/:entity',
    label: 'bin.title',
    auth: true,
    hidden: true,
    backoffice: 'both',
    validate: (p) => /^[A-Za-z]{1,64}$/.test(p.entity ?? ''),
    screen: () => import('../entity/BinScreen'),
  },
  // An entity's import wizard, reached from its list; the screen checks the entity's import and the add or change permission.
  {
    name: 'import',
    path: '/import/:entity',
    label: 'importWizard.title',
    auth: true,
    hidden: true,
    backoffice: 'dealer',
    validate: (p) => /^[A-Za-z]{1,64}$/.test(p.entity ?? ''),
    screen: () => import('../entity/ImportScreen'),
  },
  ...SITE_PAGES.map((p): RouteDef => ({
    name: `sitePages.${p.key}`,
    path: `/sitePages/${p.key}`,
    model: 'page',
    label: `pages.${p.key}`,
    auth: true,
    group: 'pages',
    icon: 'page',
    backoffice: 'both',
    superuserOnly: p.superuserOnly,
    screen: sitePage(p.key),
  })),
  ...entity(
    'indexingLogs',
    '/indexingLogs',
    'indexingactionlog',
    'nav.indexingLogs',
    'master',
    { icon: 'radar', notForRoles: ['MA'], screen: entityList('indexingLog') },
    entityForm('indexingLog'),
  ),
  ...entity(
    'marketSettings',
    '/marketSettings',
    'marketSettings',
    'nav.marketSettings',
    'master',
    { icon: 'globe', notForRoles: ['MA'], screen: entityList('market') },
    entityForm('market'),
  ),
  // What happened on this site (the master: on the sites the user reaches; server/activity/scope.ts).
  {
    name: 'activity',
    path: '/activity',
    label: 'nav.activity',
    auth: true,
    icon: 'activity',
    backoffice: 'both',
    screen: () => import('../screens/ActivityScreen'),
  },
  ...entity('users', '/users', 'user', 'nav.users', 'both', { footer: true, icon: 'user', screen: entityList('user') }, entityForm('user')),
  {
    name: 'media',
    path: '/media',
    model: 'media',
    label: 'nav.media',
    auth: true,
    icon: 'image',
    footer: true,
    backoffice: 'both',
    screen: () => import('../screens/MediaScreen'),
  },
];
