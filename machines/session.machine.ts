import { assign, setup } from 'xstate';
import { toBootError, toFieldErrors, trimCredentials } from './session.helpers';
import type { FieldErrors } from './entityForm.types';
import type { BootError, Credentials, TenantInfo, UserInfo } from './session.types';
import { provided } from './actors';

export interface SessionContext {
  host: string;
  /** docs/spec.md §4: the profile is fetched at start only when a session cookie exists. */
  hasSession: boolean;
  /**
   * The user asked to log out and the server has not confirmed it (the request failed):
   * the next start ends the session again instead of restoring it.
   */
  logoutPending: boolean;
  tenantKind: string | null;
  tenant: TenantInfo | null;
  token: string | null;
  loggedIn: boolean;
  user: UserInfo | null;
  bootError: BootError | null;
  loginErrors: FieldErrors | null;
}

export type SessionEvent = { type: 'login.submit'; username: string; password: string } | { type: 'logout' } | { type: 'retry' };

const signedOut = { token: null, loggedIn: false, user: null } as const;

/**
 * docs/spec.md §4 session: tenant check → profile (session restore) → tenant fetch, then
 * logged in or out; login stores the token then loads the profile; logout clears
 * everything and reloads the page whether or not the server answered (docs/spec.md §8). The
 * session cookie is out of the page's reach, so a logout the server never heard is
 * remembered (`rememberLogout`) and finished at the next start instead of a restore:
 * who asked to log out never lands on a signed-in page.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { host: string; hasSession: boolean; logoutPending?: boolean },
  },
  actors: {
    tenantExists: provided<string, { host: string }>('tenantExists'),
    fetchProfile: provided<UserInfo>('fetchProfile'),
    tenantByDomain: provided<TenantInfo, { host: string }>('tenantByDomain'),
    login: provided<{ token: string }, Credentials>('login'),
    logout: provided<unknown>('logout'),
  },
  actions: {
    reloadPage: () => {},
    rememberLogout: () => {},
    forgetLogout: () => {},
    logFailure: (_, _params: { what: string; error: unknown }) => {},
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    hasSession: ({ context }) => context.hasSession,
    logoutPending: ({ context }) => context.logoutPending,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    host: input.host,
    hasSession: input.hasSession,
    logoutPending: input.logoutPending ?? false,
    tenantKind: null,
    tenant: null,
    ...signedOut,
    bootError: null,
    loginErrors: null,
  }),
  initial: 'checkingTenant',
  states: {
    checkingTenant: {
      invoke: {
        id: 'tenantExists',
        src: 'tenantExists',
        input: ({ context }) => ({ host: context.host }),
        onDone: [
          { guard: 'logoutPending', target: 'finishingLogout', actions: assign({ tenantKind: ({ event }) => event.output }) },
          { guard: 'hasSession', target: 'restoringSession', actions: assign({ tenantKind: ({ event }) => event.output }) },
          { target: 'fetchingTenant', actions: assign({ tenantKind: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ bootError: ({ event }) => toBootError(event.error) }) },
      },
    },
    restoringSession: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'fetchingTenant',
          actions: assign({ user: ({ event }) => event.output, loggedIn: true }),
        },
        // No session cookie answers 401: that is the ordinary anonymous start.
        onError: { target: 'fetchingTenant', actions: assign(signedOut) },
      },
    },
    finishingLogout: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'fetchingTenant', actions: [assign({ logoutPending: false }), 'forgetLogout'] },
        // Still unheard: stay signed out here, and try again at the next start.
        onError: { target: 'fetchingTenant', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'logout', error: event.error }) } },
      },
    },
    fetchingTenant: {
      invoke: {
        id: 'tenantByDomain',
        src: 'tenantByDomain',
        input: ({ context }) => ({ host: context.host }),
        onDone: [
          { guard: 'hasUser', target: 'loggedIn', actions: assign({ tenant: ({ event }) => event.output }) },
          { target: 'loggedOut', actions: assign({ tenant: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: 'hasUser',
            target: 'loggedIn',
            actions: { type: 'logFailure', params: ({ event }) => ({ what: 'tenant fetch', error: event.error }) },
          },
          {
            target: 'loggedOut',
            actions: { type: 'logFailure', params: ({ event }) => ({ what: 'tenant fetch', error: event.error }) },
          },
        ],
      },
    },
    loggedOut: {
      on: {
        'login.submit': { target: 'loggingIn', actions: assign({ loginErrors: null }) },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => trimCredentials(event as Credentials),
        onDone: { target: 'loadingProfile', actions: assign({ token: ({ event }) => event.output.token }) },
        onError: { target: 'loggedOut', actions: assign({ loginErrors: ({ event }) => toFieldErrors(event.error) }) },
      },
    },
    loadingProfile: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'loggedIn',
          actions: [assign({ user: ({ event }) => event.output, loggedIn: true, loginErrors: null, logoutPending: false }), 'forgetLogout'],
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ ...signedOut, loginErrors: ({ event }) => toFieldErrors(event.error) }),
        },
      },
    },
    loggedIn: {
      on: { logout: { target: 'loggingOut', actions: [assign({ logoutPending: true }), 'rememberLogout'] } },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: [assign({ ...signedOut, logoutPending: false }), 'forgetLogout', 'reloadPage'] },
        onError: {
          target: 'loggedOut',
          actions: [assign(signedOut), { type: 'logFailure', params: ({ event }) => ({ what: 'logout', error: event.error }) }, 'reloadPage'],
        },
      },
    },
    failed: {
      on: { retry: { target: 'checkingTenant', actions: assign({ bootError: null }) } },
    },
  },
});
