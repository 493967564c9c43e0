/**
 * What no answer may carry: a stack trace, a source or file path, or the text of a SQL
 * statement or database error.
 */
import os from 'node:os';

const STACK = /\n\s+at\s|node_modules|\.[cm]?[jt]sx?:\d+|\bError:\s/;
const SQL =
  /SQLITE_|syntax error|near "|relation "|column "|violates|constraint failed|kysely|\bselect\b[^"]{0,80}\bfrom\b|\binsert into\b|\bdelete from\b|\bupdate\b \w+ \bset\b/i;
const PATHS = [os.tmpdir(), process.cwd(), '/home/', '/usr/'].filter((p) => p.length > 1);

/** Why the body leaks internals, or undefined when it is clean. Data answers (2xx) are only checked for stacks and paths. */
export function leakIn(body: string, status: number): string | undefined {
  if (STACK.test(body)) return 'a stack trace';
  const path = PATHS.find((p) => body.includes(p));
  if (path) return `a file path (${path})`;
  if (status >= 400 && SQL.test(body)) return 'SQL text';
  return undefined;
}
