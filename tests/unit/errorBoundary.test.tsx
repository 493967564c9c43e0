// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../../locales/languages';
import { languageMachine } from '../../machines/language.machine';
import { AppServicesProvider } from '../../src/app/AppServices';
import { ErrorBoundary } from '../../src/app/ErrorBoundary';

const language = createActor(languageMachine.provide({ actors: { loadLocale: fromPromise<unknown, { language: Language }>(async () => ({})) } }), {
  input: { language: 'en' },
}).start();
const actors = { language };
const inApp = (node: React.ReactNode) => <AppServicesProvider services={actors}>{node}</AppServicesProvider>;

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('error screens (spec §8)', () => {
  afterEach(() => cleanup());
  // React logs caught render errors; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});

  it('shows the status from statusCode, status or response.status, defaulting to 500', () => {
    const statuses: Array<[unknown, string]> = [
      [{ statusCode: 403, message: 'nope' }, '403'],
      [{ status: 502 }, '502'],
      [{ response: { status: 418 } }, '418'],
      [new Error('plain'), '500'],
    ];
    for (const [error, status] of statuses) {
      render(
        inApp(
          <ErrorBoundary resetKey="x">
            <Broken error={error} />
          </ErrorBoundary>,
        ),
      );
      expect(screen.getByTestId('error-screen').textContent).toContain(status);
      cleanup();
    }
  });

  it('says so in plain words when the error page itself fails', () => {
    render(
      inApp(
        <ErrorBoundary resetKey="x" fallback={() => <Broken error={new Error('error page broke')} />}>
          <Broken error={new Error('screen broke')} />
        </ErrorBoundary>,
      ),
    );
    expect(screen.getByTestId('error-page-failed').textContent).toBe('An error occurred while showing the error page');
  });
});
