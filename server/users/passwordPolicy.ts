/**
 * Password strength, as Django's default validators judge it: long enough, not only
 * digits, not a well-known password, not too close to the user's own name or e-mail.
 * Seeded demo accounts are written directly and are not held to these rules.
 */
import type { Problem } from '../../entities/problems.js';
import { COMMON_PASSWORDS } from './commonPasswords.js';

export const MIN_PASSWORD_LENGTH = 10;
/** Django's UserAttributeSimilarityValidator threshold. */
const MAX_SIMILARITY = 0.7;

export interface PasswordOwner {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** Longest common substring, as a ratio of both lengths (the core of difflib's ratio). */
function similarity(a: string, b: string): number {
  if (!a || !b) return 0;
  let best = 0;
  const prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!; // prev holds b.length + 1 entries
      const run = a[i - 1] === b[j - 1] ? diag + 1 : 0;
      prev[j] = run;
      if (run > best) best = run;
      diag = up;
    }
  }
  return (2 * best) / (a.length + b.length);
}

/** The reasons a password is refused (empty when it is acceptable). */
export function passwordProblems(password: string, owner: PasswordOwner): Problem[] {
  const problems: Problem[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push({ code: 'passwordShort', params: { count: MIN_PASSWORD_LENGTH } });
  if (/^\d+$/.test(password)) problems.push({ code: 'passwordNumeric' });
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) problems.push({ code: 'passwordCommon' });
  const attributes = [owner.username, owner.email, owner.email.split('@')[0] ?? '', owner.first_name, owner.last_name]
    .map((v) => v.toLowerCase())
    .filter((v) => v.length >= 3);
  const tooClose = attributes.some((attr) => {
    if (lower.includes(attr) || attr.includes(lower)) return true;
    return attr
      .split(/\W+/)
      .concat(attr)
      .some((part) => part.length >= 3 && similarity(lower, part) >= MAX_SIMILARITY);
  });
  if (tooClose) problems.push({ code: 'passwordSimilar' });
  return problems;
}
