/**
 * Permission vocabulary shared by server and SPA (docs/spec.md §3, §6; docs/decisions.md §3).
 * Codenames are Django-style `<action>_<model>`.
 */
export const ACTIONS = ['add', 'change', 'delete', 'view'] as const;
export type Action = (typeof ACTIONS)[number];

export const MODELS = {
  brand: { label: 'dealer brand', scope: 'dealer' },
  brandservice: { label: 'brand service', scope: 'dealer' },
  category: { label: 'category', scope: 'dealer' },
  featuredProducts: { label: 'featured product', scope: 'dealer' },
  indexingactionlog: { label: 'indexing action log', scope: 'master' },
  marketSettings: { label: 'market settings', scope: 'master' },
  media: { label: 'media', scope: 'both' },
  news: { label: 'news', scope: 'dealer' },
  page: { label: 'site page', scope: 'both' },
  product: { label: 'product', scope: 'dealer' },
  promo: { label: 'promotion', scope: 'dealer' },
  redirect: { label: 'redirect', scope: 'both' },
  tag: { label: 'tag', scope: 'dealer' },
  tenant: { label: 'dealer site', scope: 'master' },
  tenantuser: { label: 'dealer user', scope: 'master' },
  usedproduct: { label: 'used product', scope: 'dealer' },
  user: { label: 'user', scope: 'both' },
} as const satisfies Record<string, { label: string; scope: 'master' | 'dealer' | 'both' }>;

export type Model = keyof typeof MODELS;

export const codename = (action: Action, model: string) => `${action}_${model}`;

/** Whether a string is `<action>_<model>` of the vocabulary. */
export function isCodename(c: string): boolean {
  const i = c.indexOf('_');
  return i > 0 && (ACTIONS as readonly string[]).includes(c.slice(0, i)) && Object.hasOwn(MODELS, c.slice(i + 1));
}

/** Models whose permissions mean something on this kind of back-office. */
export const modelsOf = (backoffice: 'dealer' | 'master'): Model[] =>
  (Object.keys(MODELS) as Model[]).filter((m) => MODELS[m].scope === 'both' || MODELS[m].scope === backoffice);

export const permissionName = (action: Action, model: Model) => `Can ${action} ${MODELS[model].label}`;

export interface PermissionHolder {
  is_superuser: boolean;
  all_permissions: ReadonlyArray<{ codename: string }>;
}

/**
 * The actions a user holds on a model (docs/spec.md §6): a superuser holds all four; anyone else
 * holds those whose codename ends with `_<model>`. The underscore keeps `view_usedproduct`
 * from granting `product`.
 */
export function actionsOn(user: PermissionHolder | null | undefined, model: string): Set<Action> {
  if (!user) return new Set();
  if (user.is_superuser) return new Set(ACTIONS);
  const suffix = `_${model}`;
  const held = new Set<Action>();
  for (const { codename: c } of user.all_permissions) {
    if (!c.endsWith(suffix)) continue;
    const action = c.slice(0, -suffix.length);
    if ((ACTIONS as readonly string[]).includes(action)) held.add(action as Action);
  }
  return held;
}

export const can = (user: PermissionHolder | null | undefined, action: Action, model: string) => actionsOn(user, model).has(action);
