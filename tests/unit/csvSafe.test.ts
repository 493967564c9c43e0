import { describe, expect, it } from 'vitest';
import { neutralised, restored } from '../../server/entities/export/csvSafe';

describe('CSV injection', () => {
  it('prefixes a quote to text a spreadsheet would run, and an import takes exactly that quote off again', () => {
    for (const text of ['=1+1', '+39 02', '-3', '@SUM(A1)', '\tx', '\rx', "'=x", "''+x"]) {
      expect(neutralised(text)).toBe(`'${text}`);
      expect(restored(neutralised(text))).toBe(text);
    }
    for (const text of ['plain', "'quoted'", 'a=b', '', "'"]) {
      expect(neutralised(text)).toBe(text);
      expect(restored(text)).toBe(text);
    }
  });
});
