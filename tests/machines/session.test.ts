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
      let pending = (path.input as { logoutPending?: boolean }).logoutPending ?? false;
      const actor = await walkPath(sessionModel, path, {
        actions: { reloadPage: () => {}, logFailure: () => {}, rememberLogout: () => void (pending = true), forgetLogout: () => void (pending = false) },
      });
      const s = actor.getSnapshot();
      // What is remembered across reloads is what the machine holds.
      expect(pending).toBe(s.context.logoutPending);
      // A logout the server has not confirmed never shows a signed-in page.
      if (s.context.logoutPending) expect(s.matches('loggedIn')).toBe(false);
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
  const boot = ({ input: extra, ...overrides }: Record<string, unknown> = {}, actions: Record<string, () => void> = {}) =>
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
        actions: { reloadPage: () => {}, logFailure: () => {}, rememberLogout: () => {}, forgetLogout: () => {}, ...actions },
      }),
      { input: { ...input, ...(extra as object) } },
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

  it('pairs each field error of a failed login with its problem code (docs/decisions.md §11)', async () => {
    const actor = boot({
      login: fromPromise(async () => {
        throw { status: 400, data: { username: ['This field may not be blank.'], $codes: { username: [{ code: 'blank' }] } } };
      }),
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'login.submit', username: '', password: 'x' });
    await waitFor(actor, (s) => s.matches('loggedOut') && s.context.loginErrors !== null);
    expect(actor.getSnapshot().context.loginErrors).toEqual({ username: [{ code: 'blank', text: 'This field may not be blank.' }] });
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

  it('after a logout the server never heard, the next start ends the session instead of restoring it', async () => {
    const calls: string[] = [];
    const actor = boot({
      input: { logoutPending: true },
      fetchProfile: fromPromise(async () => {
        calls.push('profile');
        return user;
      }),
      logout: fromPromise(async () => {
        calls.push('logout');
        throw { status: 0 };
      }),
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(calls).toEqual(['logout']);
    expect(actor.getSnapshot().context).toMatchObject({ user: null, logoutPending: true });
    // Signing in again forgets it.
    actor.send({ type: 'login.submit', username: 'admin', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context.logoutPending).toBe(false);
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
