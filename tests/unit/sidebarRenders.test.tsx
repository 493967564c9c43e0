// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../locales/languages';
import { confirmMachine } from '../../machines/confirm.machine';
import { jobsMachine } from '../../machines/jobs.machine';
import { languageMachine } from '../../machines/language.machine';
import { loadingBarMachine } from '../../machines/loadingBar.machine';
import { sessionMachine } from '../../machines/session.machine';
import { tenant, user } from '../../machines/session.model';
import { sidebarMachine } from '../../machines/sidebar.machine';
import { AppServicesProvider, type AppServices } from '../../src/app/AppServices';
import { Sidebar } from '../../src/app/Sidebar';
import { ROUTES } from '../../src/routing/routes';
import { RenderProbe } from '../../src/ui/renderProbe';

const BUILT = ['tenants', 'tenantUsers', 'indexingLogs', 'users', 'media', 'sitePages.home', 'sitePages.contacts'];
const routes = ROUTES.map((r) => (BUILT.includes(r.name) ? { ...r, screen: async () => ({ default: () => null }) } : r));

async function signedInActors(): Promise<AppServices> {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        tenantExists: fromPromise(async () => 'default'),
        fetchProfile: fromPromise(async () => user),
        tenantByDomain: fromPromise(async () => tenant),
      } as any,
    }),
    { input: { host: 'localhost', hasSession: true } },
  ).start();
  await waitFor(session, (s) => s.matches('loggedIn'));
  const language = createActor(languageMachine.provide({ actors: { loadLocale: fromPromise<unknown, { language: Language }>(async () => ({})) } }), {
    input: { language: 'en' },
  }).start();
  await waitFor(language, (s) => s.matches('ready'));
  const sidebar = createActor(sidebarMachine, { input: { drawer: true, clipped: false, minivariant: false, narrow: false, activeGroup: 'pages' } }).start();
  return {
    session,
    language,
    sidebar,
    loadingBar: createActor(loadingBarMachine).start(),
    confirm: createActor(confirmMachine).start(),
    jobs: createActor(jobsMachine, { input: {} }).start(),
  };
}

describe('sidebar rendering (issue 3 budget)', () => {
  afterEach(() => cleanup());

  it('changing route re-renders only the links whose active state changed, never the whole tree', async () => {
    window.history.replaceState(null, '', '/backoffice/tenants');
    const renders = new Map<string, number>();
    const probe = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1);
    render(
      <RenderProbe.Provider value={probe}>
        <AppServicesProvider services={await signedInActors()}>
          <Router base="/backoffice">
            <Sidebar routes={routes} />
          </Router>
        </AppServicesProvider>
      </RenderProbe.Provider>,
    );
    expect(screen.getByRole('link', { name: 'Dealer Sites' }).getAttribute('aria-current')).toBe('page');
    expect(renders.get('sidebar')).toBe(1);
    const before = new Map(renders);

    act(() => navigate('/backoffice/tenantUsers'));

    expect(screen.getByRole('link', { name: 'Dealer Users' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dealer Sites' }).getAttribute('aria-current')).toBeNull();
    const rerendered = [...renders]
      .filter(([name, n]) => n > (before.get(name) ?? 0))
      .map(([name]) => name)
      .sort();
    expect(rerendered).toEqual(['link:tenantUsers', 'link:tenants']);
    expect(before.size).toBeGreaterThan(6);
  });
});
