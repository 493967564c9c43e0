/** Pure pieces of the import wizard (importWizard.machine.ts): what it may offer and what it sends. */
import type { ImportMode, ImportOptions, ImportSetup } from './importWizard.types';

/** The modes the user's permissions allow, as the server requires them: create needs add, update change, upsert both. */
export function allowedModes(can: { add: boolean; change: boolean }): ImportMode[] {
  const out: ImportMode[] = [];
  if (can.add) out.push('create');
  if (can.change) out.push('update');
  if (can.add && can.change) out.push('upsert');
  return out;
}

/** The mode first offered: the last one used when still allowed, else upsert, else the one allowed. */
export function firstMode(allowed: readonly ImportMode[], saved: ImportSetup['saved']): ImportMode {
  if (saved && allowed.includes(saved.mode)) return saved.mode;
  return allowed.includes('upsert') ? 'upsert' : (allowed[0] ?? 'create');
}

/** The key first offered: the last one used when still offered, else the entity's first natural key (the server's default), else `id`. */
export function firstKey(keys: readonly string[], saved: ImportSetup['saved']): string {
  if (saved && keys.includes(saved.key)) return saved.key;
  return keys.find((k) => k !== 'id') ?? keys[0] ?? 'id';
}

/** Whether a header feeds a column other than `id`: an import with none writes nothing. */
export const mapsAField = (mapping: Readonly<Record<string, string>>) => Object.values(mapping).some((c) => c !== '' && c !== 'id');

/** The columns chosen for more than one header: the server refuses them, the wizard says so first. */
export function columnsTwice(mapping: Readonly<Record<string, string>>): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const column of Object.values(mapping)) {
    if (column === '') continue;
    if (seen.has(column)) twice.add(column);
    seen.add(column);
  }
  return twice;
}

/** The import's options as the API takes them. */
export function importOptions(c: { mapping: Record<string, string>; mode: ImportMode; key: string; allOrNothing: boolean }, dryRun: boolean): ImportOptions {
  return { mapping: c.mapping, mode: c.mode, key: c.key, dry_run: dryRun, all_or_nothing: c.allOrNothing };
}

/** Drops the messages about one path (a header the user has just mapped anew). */
export function without<T>(errors: Readonly<Record<string, T>>, path: string): Record<string, T> {
  const out = { ...errors };
  delete out[path];
  return out;
}
