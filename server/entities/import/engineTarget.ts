/**
 * An entity's rows as an import's target: created together by `insertRecords` (§32), changed by `writeUpdate` after
 * the form's validator in patch mode and a diff against the row — the form's own paths
 * (docs/decisions.md §27).
 */
import { cellColumns } from '../../../entities/cells.js';
import type { EntityDef } from '../../../entities/define.js';
import { diffRecords } from '../../../entities/recordDiff.js';
import { validateRecord } from '../../../entities/validateRecord.js';
import { fieldErrors } from '../../errors.js';
import type { EngineContext } from '../context.js';
import type { Loaded } from '../read.js';
import { sanitizeRecord } from '../richtext.js';
import { insertRecords, writeUpdate } from '../write.js';
import { referencedKeys, rowsByKey } from './keys.js';
import type { ImportTarget } from './target.js';

export function engineTarget(ctx: EngineContext, entity: EntityDef): ImportTarget<Loaded> {
  return {
    columns: cellColumns(entity, ctx.site.languages),
    find: (key, values) => rowsByKey(ctx, entity, key, values),
    keys: (columns, rows) => referencedKeys(ctx, columns, rows),
    idOf: (row) => Number(row.row.id),
    createMany: (bodies) => insertRecords(ctx, entity, bodies),
    async update(existing, body) {
      const checked = validateRecord(entity, body, {
        mode: 'patch',
        languages: ctx.site.languages,
        defaultLanguage: ctx.site.default_language,
        existing: existing.record,
      });
      if (Object.keys(checked.errors).length) throw fieldErrors(checked.errors);
      sanitizeRecord(entity, checked.record);
      const changes = diffRecords(existing.record, checked.record).map((c) => (c.language === null ? c.field : `${c.field}.${c.language}`));
      if (changes.length) await writeUpdate(ctx, entity, Number(existing.row.id), body, { partial: true, version: Number(existing.row.version) });
      return changes;
    },
  };
}
