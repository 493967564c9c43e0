import type { SnapshotFrom } from 'xstate';
import { isDealer, isDealerBackoffice } from './session.helpers';
import type { SessionEvent, sessionMachine } from './session.machine';
import type { Credentials } from './session.types';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Snapshot + send → what the shell renders of the session: the boot screen, the login form, the signed-in chrome. */
export function connectSession(snapshot: SessionSnapshot, send: (event: SessionEvent) => void) {
  const c = snapshot.context;
  return {
    /** Still finding out which site this is and who is signed in: nothing to route yet. */
    booting: snapshot.matches('checkingTenant') || snapshot.matches('restoringSession') || snapshot.matches('fetchingTenant'),
    /** The site could not be reached (docs/spec.md §8): the error screen with a retry. */
    bootError: c.bootError,
    retry: () => send({ type: 'retry' }),

    loggedIn: c.loggedIn,
    user: c.user,
    username: c.user?.username ?? null,
    /** The site this back-office serves (null until it is known, or when it could not be fetched). */
    tenant: c.tenant,
    siteName: c.tenant?.name ?? null,
    /** A dealer's site rather than the master back-office (docs/spec.md §2). */
    dealerBackoffice: isDealerBackoffice(c.tenantKind),
    /** A dealer user on a dealer's site: no language selector for them (docs/spec.md §2). */
    dealer: isDealer(c.tenantKind, c.user),

    /** The credentials are on their way, or the profile after them. */
    loggingIn: snapshot.matches('loggingIn') || snapshot.matches('loadingProfile'),
    loginErrors: c.loginErrors,
    login: (credentials: Credentials) => send({ type: 'login.submit', ...credentials }),
    logout: () => send({ type: 'logout' }),
  };
}

export type SessionProps = ReturnType<typeof connectSession>;
