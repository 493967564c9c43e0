import { fromPromise } from 'xstate';
import type { Credentials, TenantInfo, UserInfo } from '../../machines/session.types';
import type { BootData } from '../app/bootData';
import { api } from './client';

/**
 * The session machine's actors over HTTP (docs/spec.md §7). What the server already put in the
 * page for this host answers the two tenant calls without a round trip.
 */
export const sessionActors = (boot: BootData) => ({
  tenantExists: fromPromise<string, { host: string }>(({ input, signal }) =>
    boot.tenant ? Promise.resolve(boot.tenant.kind) : api<string>('/api/tenants/exists', { query: { domain: input.host }, signal }),
  ),
  fetchProfile: fromPromise<UserInfo>(({ signal }) => api<UserInfo>('/api/profiles/me/', { signal })),
  tenantByDomain: fromPromise<TenantInfo, { host: string }>(({ input, signal }) =>
    boot.tenant ? Promise.resolve(boot.tenant) : api<TenantInfo>('/api/tenants/by_domain', { query: { domain: input.host }, signal }),
  ),
  login: fromPromise<{ token: string }, Credentials>(({ input }) => api<{ token: string }>('/api/auth/login', { method: 'POST', body: input })),
  logout: fromPromise<unknown>(() => api('/api/auth/logout')),
});
