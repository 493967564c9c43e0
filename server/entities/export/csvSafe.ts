/**
 * CSV injection (OWASP): a text cell starting with = + - @, a tab or a carriage return is
 * run as a formula by a spreadsheet; written with a leading `'`, it is shown as text. Text
 * that already starts with quotes before such a character gets one more, so an import
 * (`restored`) gives back exactly what was exported.
 */
const RISKY = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export const neutralised = (text: string) => (RISKY.test(text) ? `'${text}` : text);

export const restored = (text: string) => (GUARDED.test(text) ? text.slice(1) : text);
