// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../locales/languages';
import { confirmMachine } from '../../machines/confirm.machine';
import { jobsMachine } from '../../machines/jobs.machine';
import { languageMachine } from '../../machines/language.machine';
import { loadingBarMachine } from '../../machines/loadingBar.machine';
import { sessionMachine } from '../../machines/session.machine';
import { tenant } from '../../machines/session.model';
import { sidebarMachine } from '../../machines/sidebar.machine';
import { AppServicesProvider, type AppServices } from '../../src/app/AppServices';
import { RouteView } from '../../src/app/RouteView';

async function signedOutActors(): Promise<AppServices> {
  const session = createActor(
    sessionMachine.provide({
      actors: { tenantExists: fromPromise(async () => 'default'), tenantByDomain: fromPromise(async () => tenant) } as any,
    }),
    { input: { host: 'localhost', hasSession: false } },
  ).start();
  await waitFor(session, (s) => s.matches('loggedOut'));
  const language = createActor(languageMachine.provide({ actors: { loadLocale: fromPromise<unknown, { language: Language }>(async () => ({})) } }), {
    input: { language: 'en' },
  }).start();
  await waitFor(language, (s) => s.matches('ready'));
  const sidebar = createActor(sidebarMachine, { input: { drawer: true, clipped: false, minivariant: false, narrow: false, activeGroup: null } }).start();
  return {
    session,
    language,
    sidebar,
    loadingBar: createActor(loadingBarMachine).start(),
    confirm: createActor(confirmMachine).start(),
    jobs: createActor(jobsMachine, { input: {} }).start(),
  };
}

describe('login route (issue 2 budget)', () => {
  afterEach(() => cleanup());

  it('shows the form in the first commit: no Suspense fallback, whose content React would hold back 300 ms', async () => {
    window.history.replaceState(null, '', '/backoffice/login');
    const actors = await signedOutActors();
    render(
      <AppServicesProvider services={actors}>
        <Router base="/backoffice">
          <RouteView />
        </Router>
      </AppServicesProvider>,
    );
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(document.querySelector('input[name="username"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDefined();
  });
});
