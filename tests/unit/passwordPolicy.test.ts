import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../server/users/passwordPolicy';

const owner = { username: 'mario.rossi', email: 'mario@rossitrattori.it', first_name: 'Mario', last_name: 'Rossi' };
const codes = (password: string) => passwordProblems(password, owner).map((p) => p.code);

describe('password strength', () => {
  it('accepts a long, unusual password', () => {
    expect(passwordProblems('Trattore-Rosso-2026', owner)).toEqual([]);
  });
  it('refuses a short one', () => {
    expect(passwordProblems('Ab3-x', owner)).toContainEqual({ code: 'passwordShort', params: { count: 10 } });
  });
  it('refuses digits only', () => {
    expect(codes('20261123123456')).toContain('passwordNumeric');
  });
  it('refuses a common one whatever its case', () => {
    expect(codes('PASSWORD1234')).toContain('passwordCommon');
  });
  it('refuses one too close to the username, name or e-mail', () => {
    for (const p of ['mario.rossi1', 'MarioRossi!!', 'rossitrattori', 'xxmario.rossixx']) {
      expect(codes(p), p).toContain('passwordSimilar');
    }
  });
  it('reports every reason at once', () => {
    expect(passwordProblems('123456', owner)).toHaveLength(3);
  });
});
