import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { sessionModel, tenant, user } from '../../machines/session.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const input = { host: 'localhost', hasSession: true };
const paths = pathsOf(sessionModel);

describe('session machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(sessionMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(sessionMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(sessionModel, path, { actions: { reloadPage: () => {}, logFailure: () => {} } });
      const s = actor.getSnapshot();
      // Invariants that hold in every reachable state.
      expect(s.context.loggedIn).toBe(s.context.user !== null);
      if (s.matches('loggedIn')) expect(s.context.user).not.toBeNull();
      if (s.matches('loggedOut')) expect(s.context.user).toBeNull();
      if (s.matches('failed')) expect(s.context.bootError?.status).toBe(404);
      actor.stop();
    });
  }
});

describe('session machine behaviour', () => {
  const boot = (overrides: Record<string, unknown> = {}, actions: Record<string, () => void> = {}) =>
    createActor(
      sessionMachine.provide({
        actors: {
          tenantExists: fromPromise(async () => 'dealer'),
          fetchProfile: fromPromise(async () => {
            throw { status: 401 };
          }),
          tenantByDomain: fromPromise(async () => tenant),
          login: fromPromise(async () => ({ token: 'tok' })),
          logout: fromPromise(async () => ({})),
          ...overrides,
        } as any,
        actions: { reloadPage: () => {}, logFailure: () => {}, ...actions },
      }),
      { input },
    ).start();

  it('sends trimmed credentials to the login call', async () => {
    let sent: unknown;
    const actor = boot({
      login: fromPromise(async ({ input }) => {
        sent = input;
        return { token: 'tok' };
      }),
      fetchProfile: fromPromise(async () => {
        if (!sent) throw { status: 401 };
        return user;
      }),
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'login.submit', username: '  admin ', password: ' demo1234\t' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(sent).toEqual({ username: 'admin', password: 'demo1234' });
    expect(actor.getSnapshot().context.token).toBe('tok');
  });

  it('keeps the server field errors of a failed login', async () => {
    const actor = boot({
      login: fromPromise(async () => {
        throw { status: 400, data: { username: ['This field may not be blank.'] } };
      }),
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'login.submit', username: '', password: 'x' });
    await waitFor(actor, (s) => s.matches('loggedOut') && s.context.loginErrors !== null);
    expect(actor.getSnapshot().context.loginErrors).toEqual({ username: ['This field may not be blank.'] });
  });

  it('clears the user and reloads the page even when logout fails', async () => {
    let reloads = 0;
    const actor = boot(
      {
        fetchProfile: fromPromise(async () => user),
        logout: fromPromise(async () => {
          throw { status: 503 };
        }),
      },
      { reloadPage: () => void reloads++ },
    );
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(reloads).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null, loggedIn: false });
  });

  it('an unknown host stops the boot with the response status', async () => {
    const actor = boot({
      tenantExists: fromPromise(async () => {
        throw { response: { status: 404 } };
      }),
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.bootError?.status).toBe(404);
  });
});
