import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flagCookies, flagsFromCookies, type SidebarFlags } from '../../machines/sidebar.helpers';
import { sidebarMachine } from '../../machines/sidebar.machine';
import { sidebarModel } from '../../machines/sidebar.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(sidebarModel);

describe('sidebar machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(sidebarMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(sidebarMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const persisted: SidebarFlags[] = [];
      const actor = await walkPath(sidebarModel, path, { actions: { persist: (_: unknown, f: SidebarFlags) => void persisted.push(f) } });
      const c = actor.getSnapshot().context;
      // What was last persisted is always what the sidebar shows.
      if (persisted.length) expect(persisted.at(-1)).toEqual({ drawer: c.drawer, clipped: c.clipped, minivariant: c.minivariant });
      if (!c.narrow) expect(c.overlayOpen).toBe(false);
    });
  }
});

describe('sidebar behaviour', () => {
  const start = (narrow: boolean) => {
    const persisted: SidebarFlags[] = [];
    const actor = createActor(sidebarMachine.provide({ actions: { persist: (_, f) => void persisted.push(f) } }), {
      input: { drawer: true, clipped: false, minivariant: true, narrow, activeGroup: 'products' },
    }).start();
    return { actor, persisted };
  };

  it('persists each display mode when it changes', () => {
    const { actor, persisted } = start(false);
    actor.send({ type: 'minivariant.toggle' });
    actor.send({ type: 'clipped.toggle' });
    actor.send({ type: 'drawer.toggle' });
    expect(persisted).toEqual([
      { drawer: true, clipped: false, minivariant: false },
      { drawer: true, clipped: true, minivariant: false },
      { drawer: false, clipped: true, minivariant: false },
    ]);
  });

  it('on a narrow screen opens the drawer over the page, without persisting, and closes it on navigation', () => {
    const { actor, persisted } = start(true);
    actor.send({ type: 'drawer.toggle' });
    expect(actor.getSnapshot().context.overlayOpen).toBe(true);
    actor.send({ type: 'route.changed', group: null });
    expect(actor.getSnapshot().context.overlayOpen).toBe(false);
    expect(persisted).toEqual([]);
  });

  it('expands the group of the current route and toggles groups', () => {
    const { actor } = start(false);
    expect(actor.getSnapshot().context.expanded).toEqual(['products']);
    actor.send({ type: 'route.changed', group: 'pages' });
    actor.send({ type: 'group.toggle', name: 'products' });
    expect(actor.getSnapshot().context.expanded).toEqual(['pages']);
    actor.send({ type: 'group.toggle', name: 'products' });
    expect(actor.getSnapshot().context.expanded).toEqual(['pages', 'products']);
  });
});

describe('sidebar cookies (spec §3: 0 or 1)', () => {
  it('reads 0/1 cookies and keeps defaults for anything else', () => {
    expect(flagsFromCookies('sidebar_drawer=0; sidebar_clipped=1; sidebar_minivariant=1')).toEqual({ drawer: false, clipped: true, minivariant: true });
    expect(flagsFromCookies('sidebar_drawer=yes; other=1')).toEqual({ drawer: true, clipped: false, minivariant: false });
  });
  it('writes each flag as 0 or 1', () => {
    expect(flagCookies({ drawer: false, clipped: true, minivariant: false })).toEqual([
      { name: 'sidebar_drawer', value: '0' },
      { name: 'sidebar_clipped', value: '1' },
      { name: 'sidebar_minivariant', value: '0' },
    ]);
  });
});
