import { type ComponentType, createElement, useMemo } from 'react';
import type { EntityDef } from '../../entities/define';
import { forSite } from '../../entities/siteFields';
import { useSessionView } from '../app/services/session';
import type { ScreenLoader, ScreenProps } from '../routing/types';

/**
 * Screen loaders for the route table: `screen: entityList('product')`. The entity
 * declarations and the generic screens load with the screen's chunk, not the app's entry.
 */
const bound = new Map<string, ComponentType<ScreenProps>>();

async function declaration(name: string): Promise<EntityDef> {
  const { entityNamed } = await import('../../entities/index');
  const entity = entityNamed(name);
  if (!entity) throw new Error(`Entity "${name}" is not declared in entities/index.ts`);
  return entity;
}

function bind(kind: 'list' | 'form' | 'page', entity: EntityDef, Screen: ComponentType<ScreenProps & { entity: EntityDef }>): ComponentType<ScreenProps> {
  const key = `${kind}:${entity.name}`;
  let screen = bound.get(key);
  if (!screen) {
    const Bound = (props: ScreenProps) => {
      // A both-scope entity may have fields of one back-office only (entities/siteFields.ts).
      const kind = useSessionView((st) => st.tenant?.kind) ?? 'default';
      const superuser = useSessionView((st) => st.user?.is_superuser ?? false);
      const onSite = useMemo(() => forSite(entity, kind, superuser), [kind, superuser]);
      return createElement(Screen, { ...props, entity: onSite });
    };
    Bound.displayName = `${{ list: 'EntityList', form: 'EntityForm', page: 'SitePage' }[kind]}(${entity.name})`;
    screen = Bound;
    bound.set(key, screen);
  }
  return screen;
}

export const entityList =
  (name: string): ScreenLoader =>
  async () => {
    const [entity, m] = await Promise.all([declaration(name), import('./EntityListScreen')]);
    return { default: bind('list', entity, m.default) };
  };

export const entityForm =
  (name: string): ScreenLoader =>
  async () => {
    const [entity, m] = await Promise.all([declaration(name), import('./EntityFormScreen')]);
    return { default: bind('form', entity, m.default) };
  };

/** `/sitePages/<key>`: that page of the request's site, in the entity form's singleton mode. */
export const sitePage =
  (key: string): ScreenLoader =>
  async () => {
    const [{ SITE_PAGE_ENTITIES }, m] = await Promise.all([import('../../entities/sitePages/index'), import('./SitePageScreen')]);
    const entity = SITE_PAGE_ENTITIES.find((e) => e.path === `/sitePages/${key}`);
    if (!entity) throw new Error(`No site page "${key}" is declared in entities/sitePages/`);
    return { default: bind('page', entity, m.default) };
  };
