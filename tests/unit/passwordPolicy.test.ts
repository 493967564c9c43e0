import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../server/users/passwordPolicy';

const owner = { username: 'mario.rossi', email: 'mario@rossitrattori.it', first_name: 'Mario', last_name: 'Rossi' };

describe('password strength', () => {
  it('accepts a long, unusual password', () => {
    expect(passwordProblems('Trattore-Rosso-2026', owner)).toEqual([]);
  });
  it('refuses a short one', () => {
    expect(passwordProblems('Ab3-x', owner).join()).toMatch(/too short/);
  });
  it('refuses digits only', () => {
    expect(passwordProblems('20261123123456', owner).join()).toMatch(/entirely numeric/);
  });
  it('refuses a common one whatever its case', () => {
    expect(passwordProblems('PASSWORD1234', owner).join()).toMatch(/too common/);
  });
  it('refuses one too close to the username, name or e-mail', () => {
    for (const p of ['mario.rossi1', 'MarioRossi!!', 'rossitrattori', 'xxmario.rossixx']) {
      expect(passwordProblems(p, owner).join(), p).toMatch(/too similar/);
    }
  });
  it('reports every reason at once', () => {
    expect(passwordProblems('123456', owner)).toHaveLength(3);
  });
});
