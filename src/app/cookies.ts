/** Cookies the SPA itself writes: display preferences, not secrets (the session cookie is HttpOnly). */
export function writeCookie(name: string, value: string, days = 365) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86400}; SameSite=Lax${secure}`;
}
