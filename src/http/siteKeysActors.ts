import { fromPromise } from 'xstate';
import type { MadeKey, SiteKeyRow } from '../../machines/siteKeys.machine';
import type { AskConfirm } from '../app/services/confirm';
import { api } from './client';
import { confirmActor, notify, quietOnAbort, resourceUrl } from './entityActors';

/** The keys panel's actors (machines/siteKeys.machine.ts) over `/api/siteKeys/` (server/routes/siteKeys.ts). */
export function siteKeysImplementations(ask: AskConfirm) {
  return {
    actors: {
      fetchKeys: fromPromise<SiteKeyRow[], { tenant: number }>(async ({ input, signal }) => {
        const answer = await quietOnAbort(signal, api<{ items: SiteKeyRow[] }>(resourceUrl('siteKeys'), { query: { tenant: input.tenant }, signal }));
        return answer.items;
      }),
      makeKey: fromPromise<MadeKey, { tenant: number; name: string }>(({ input }) => api<MadeKey>(resourceUrl('siteKeys'), { method: 'POST', body: input })),
      revokeKey: fromPromise<void, { id: number }>(async ({ input }) => {
        await api(resourceUrl('siteKeys', input.id), { method: 'DELETE' });
      }),
      // Refused without a secure context or the user's leave: the machine then says so, and the key stays on screen to copy by hand.
      copyKey: fromPromise<void, { key: string }>(async ({ input }) => {
        if (!navigator.clipboard) throw new Error('No clipboard');
        await navigator.clipboard.writeText(input.key);
      }),
      confirm: confirmActor(ask),
    },
    actions: { notify: (_: unknown, notice: Parameters<typeof notify>[0]) => void notify(notice) },
  };
}
