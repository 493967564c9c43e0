import { assign, setup } from 'xstate';
import { toBootError, toFieldErrors, trimCredentials } from './session.helpers';
import type { BootError, Credentials, FieldErrors, TenantInfo, UserInfo } from './session.types';
import { provided } from './actors';

export interface SessionContext {
  host: string;
  /** Spec §4: the profile is fetched at start only when a session cookie exists. */
  hasSession: boolean;
  tenantKind: string | null;
  tenant: TenantInfo | null;
  token: string | null;
  loggedIn: boolean;
  user: UserInfo | null;
  bootError: BootError | null;
  loginErrors: FieldErrors | null;
}

export type SessionEvent =
  | { type: 'login.submit'; username: string; password: string }
  | { type: 'logout' }
  | { type: 'retry' };

const signedOut = { token: null, loggedIn: false, user: null } as const;

/**
 * Spec §4 session: tenant check → profile (session restore) → tenant fetch, then
 * logged in or out; login stores the token then loads the profile; logout clears
 * everything and reloads the page whether or not the server answered.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { host: string; hasSession: boolean },
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
    logFailure: (_, _params: { what: string; error: unknown }) => {},
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    hasSession: ({ context }) => context.hasSession,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    host: input.host,
    hasSession: input.hasSession,
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
          actions: assign({ user: ({ event }) => event.output, loggedIn: true, loginErrors: null }),
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ ...signedOut, loginErrors: ({ event }) => toFieldErrors(event.error) }),
        },
      },
    },
    loggedIn: {
      on: { logout: 'loggingOut' },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: [assign(signedOut), 'reloadPage'] },
        onError: {
          target: 'loggedOut',
          actions: [
            assign(signedOut),
            { type: 'logFailure', params: ({ event }) => ({ what: 'logout', error: event.error }) },
            'reloadPage',
          ],
        },
      },
    },
    failed: {
      on: { retry: { target: 'checkingTenant', actions: assign({ bootError: null }) } },
    },
  },
});
