/**
 * A logout the server has not confirmed, kept in this site's localStorage across reloads
 * (the session machine's `rememberLogout`/`forgetLogout`). Storage may be refused (a
 * private window's quota): then a failed logout is only as good as the server's answer.
 */
const KEY = 'bo_logout_pending';

export function logoutPending(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setLogoutPending(pending: boolean) {
  try {
    if (pending) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Nothing else can remember it.
  }
}
