/**
 * Issue 13 point 10: a file is named, when saved, with the extension of the type sniffed
 * from its bytes (an SVG uploaded as `Fattura-2026.html` must not open as a page, a ZIP as
 * `Setup.exe` must not run), and nothing but a raster image is served under our origin
 * without a sandbox; what cannot be shown safely in place is a download.
 */
import { beforeEach, expect, it } from 'vitest';
import { docx, image, mp3, mp4, pdf, svg, zip } from '../server/fixtures/media.js';
import { uploaded } from '../server/fixtures/mediaApi.js';
import { BOTH_STORES, describeEachDialect, type Session } from '../server/harness.js';

const SANDBOX = /(^|;)\s*sandbox\s*(;|$)/;

/** The name a download is saved under: the RFC 5987 one, else the plain one. */
function savedName(disposition: string) {
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  return /filename="([^"]*)"/.exec(disposition)?.[1];
}

describeEachDialect(
  'media files: names and sandbox',
  (h) => {
    let admin: Session;
    // The harness ends every session between tests.
    beforeEach(async () => {
      admin = await h.login('rossi', 'rossi.localhost');
    });

    it('saves a file under the extension of its sniffed type, whatever the uploader named it', async () => {
      const cases: Array<[string, () => Buffer | Promise<Buffer>, string, string]> = [
        ['an SVG named as a page', () => svg(), 'Fattura-2026.html', 'Fattura-2026.svg'],
        ['a ZIP named as a program', () => zip([['a.txt', 'hi']]), 'Setup.exe', 'Setup.zip'],
        ['a PDF with no extension', pdf, 'Contratto', 'Contratto.pdf'],
        ['a Word file named as a PDF', docx, 'Offerta.pdf', 'Offerta.docx'],
        ['a PNG named as a JPEG', () => image('png'), 'foto.jpg', 'foto.png'],
        ['a JPEG under its long extension', () => image('jpeg'), 'foto.JPEG', 'foto.JPEG'],
        ['a PDF as it should be', pdf, 'Listino prezzi è.pdf', 'Listino prezzi è.pdf'],
      ];
      for (const [why, make, filename, expected] of cases) {
        const item = await uploaded(h, admin, await make(), { filename });
        const res = await h.get(item.url, { host: 'rossi.localhost' });
        expect(res.statusCode, why).toBe(200);
        const disposition = String(res.headers['content-disposition']);
        expect(savedName(disposition), `${why}: ${disposition}`).toBe(expected);
        expect(disposition, why).not.toMatch(/[\r\n]/);
      }
    });

    it('sandboxes every file but a raster image, and makes a download of what cannot be shown safely', async () => {
      const cases: Array<[string, () => Buffer | Promise<Buffer>, 'inline' | 'attachment', boolean]> = [
        ['PDF', pdf, 'attachment', true],
        ['SVG', () => svg(), 'attachment', true],
        ['ZIP', () => zip([['a.txt', 'hi']]), 'attachment', true],
        ['DOCX', docx, 'attachment', true],
        ['MP4', mp4, 'inline', true],
        ['MP3', mp3, 'inline', true],
        ['PNG', () => image('png'), 'inline', false],
      ];
      for (const [why, make, disposition, sandboxed] of cases) {
        const item = await uploaded(h, admin, await make(), { filename: `file.${why.toLowerCase()}` });
        const res = await h.get(item.url, { host: 'rossi.localhost' });
        expect(String(res.headers['content-disposition']), why).toMatch(new RegExp(`^${disposition}`));
        const csp = String(res.headers['content-security-policy']);
        expect(SANDBOX.test(csp), `${why}: ${csp}`).toBe(sandboxed);
        expect(res.headers['x-content-type-options'], why).toBe('nosniff');
        // The part a range request asks for comes with the same headers.
        const part = await h.get(item.url, { host: 'rossi.localhost', headers: { range: 'bytes=0-3' } });
        expect(part.statusCode, why).toBe(206);
        expect(SANDBOX.test(String(part.headers['content-security-policy'])), why).toBe(sandboxed);
      }
    });
  },
  { stores: BOTH_STORES },
);
