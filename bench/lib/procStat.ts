import fs from 'node:fs';

/**
 * The fields of a /proc stat file (`/proc/<pid>/stat`, or a thread's) after the command name
 * in parentheses, which may hold spaces: the state is field 0, the parent 1, user and system
 * CPU ticks 11 and 12, the nice value 16 (Linux, proc(5)).
 */
export function statFields(file: string): string[] {
  const stat = fs.readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
