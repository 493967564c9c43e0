/**
 * Regular-expression sources shared by declarations and validation (matched against a
 * whole value with the `u` flag).
 */

/** A host name as a site is reached by: lower-case labels of letters, digits and inner hyphens; no scheme, port or path. */
export const HOST_NAME = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*';

/** An e-mail address, as the `email` field type accepts it. */
export const EMAIL_ADDRESS = '[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+';

/**
 * An origin a browser sends (scheme, host, port; no path): https with a host name, or http only
 * on localhost, where a front-end is developed.
 */
export const WEB_ORIGIN = `https://${HOST_NAME}(?::[0-9]{1,5})?|http://localhost(?::[0-9]{1,5})?`;
