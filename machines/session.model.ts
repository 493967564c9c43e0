import { done, fail, type MachineModel } from './model/paths';
import { sessionMachine } from './session.machine';
import type { TenantInfo, UserInfo } from './session.types';

export const user: UserInfo = {
  id: 1,
  username: 'admin',
  email: '',
  first_name: '',
  last_name: '',
  role: null,
  user_role: 'superuser',
  is_superuser: true,
  all_permissions: [],
};
export const tenant: TenantInfo = {
  id: 1,
  name: 'Master',
  kind: 'default',
  domain: 'localhost',
  aliases: [],
  brand_list: [],
  mono_brand: null,
  languages: ['en'],
  default_language: 'en',
};

/** The session machine as a test model: every server answer, good and bad, is an event. */
export const sessionModel: MachineModel = {
  machine: sessionMachine,
  inputs: [
    { host: 'localhost', hasSession: true },
    { host: 'localhost', hasSession: false },
    { host: 'localhost', hasSession: true, logoutPending: true },
  ],
  actorIds: ['tenantExists', 'fetchProfile', 'tenantByDomain', 'login', 'logout'],
  contextKey: (c) => [c.user !== null, c.logoutPending],
  events: [
    done('tenantExists', 'default'),
    fail('tenantExists', { status: 404, data: { detail: 'No site' } }),
    done('fetchProfile', user),
    fail('fetchProfile', { status: 401 }),
    done('tenantByDomain', tenant),
    fail('tenantByDomain', { status: 500 }),
    { type: 'login.submit', username: ' admin ', password: ' demo1234 ' },
    done('login', { token: 'tok' }),
    fail('login', { status: 400, data: { non_field_errors: ['Unable to log in with provided credentials.'] } }),
    { type: 'logout' },
    done('logout', {}),
    fail('logout', { status: 500 }),
    { type: 'retry' },
  ],
};
