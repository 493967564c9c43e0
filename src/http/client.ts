import { ofetch } from 'ofetch';
import { activity } from './activity';

/** Same-origin JSON calls; the session cookie travels with them and the server checks Origin. */
export const api = ofetch.create({
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  retry: 0,
  onRequest: () => activity.start(),
  onResponse: () => activity.finish(),
  onRequestError: () => activity.finish(),
});
