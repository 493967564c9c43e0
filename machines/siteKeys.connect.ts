import type { SnapshotFrom } from 'xstate';
import type { SiteKeysEvent, siteKeysMachine } from './siteKeys.machine';

export type SiteKeysSnapshot = SnapshotFrom<typeof siteKeysMachine>;

/** Snapshot + send → the keys panel's props: the list and its state, the two dialogs, and what the user can do. */
export function connectSiteKeys(snapshot: SiteKeysSnapshot, send: (event: SiteKeysEvent) => void) {
  const c = snapshot.context;
  const naming = snapshot.matches('naming') || snapshot.matches('making');
  const showing = snapshot.matches('showing') || snapshot.matches('copying');
  return {
    /** The first read: nothing to show yet. Later reads keep the list on screen. */
    loading: snapshot.matches('loading') && c.keys.length === 0 && c.loadError === null,
    refreshing: snapshot.matches('loading') || snapshot.matches('revoking'),
    loadError: snapshot.matches('failed') ? c.loadError : null,
    keys: c.keys,
    canAct: snapshot.matches('ready'),
    naming: naming
      ? {
          name: c.name,
          problem: c.nameProblem,
          makeError: c.makeError,
          busy: snapshot.matches('making'),
        }
      : null,
    made: showing && c.made ? { key: c.made.key, name: c.made.name, copied: c.copied, copying: snapshot.matches('copying') } : null,
    retry: () => send({ type: 'retry' }),
    newKey: () => send({ type: 'key.new' }),
    setName: (value: string) => send({ type: 'name.change', value }),
    submitName: () => send({ type: 'name.submit' }),
    cancelName: () => send({ type: 'name.cancel' }),
    copy: () => send({ type: 'key.copy' }),
    closeMade: () => send({ type: 'made.close' }),
    revoke: (id: number) => send({ type: 'key.revoke', id }),
  };
}

export type SiteKeysProps = ReturnType<typeof connectSiteKeys>;
