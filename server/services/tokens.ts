import { hash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
// crypto.hash: a one-shot digest, without the Hash object createHash builds on every request.
export const hashToken = (token: string) => hash('sha256', token, 'hex');
