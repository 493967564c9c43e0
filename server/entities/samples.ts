/**
 * Complete create bodies for any declared entity, for generated tests and data loaders:
 * the tests walk every entity and field with these instead of writing payloads by hand.
 * Each field's value is its type's sample (entities/fieldTypes/).
 */
import type { EntityDef } from '../../entities/define.js';
import type { SampleRefs } from '../../entities/fieldTypes/description.js';
import { sampleValue } from '../../entities/fieldTypes/index.js';

/**
 * A complete create body: every field with a sample value, translated ones in every
 * given language (the first being the site's default).
 */
export function sampleBody(entity: EntityDef, n: number, refs: SampleRefs = {}, languages: readonly string[] = ['en']) {
  const body: Record<string, unknown> = {};
  const translations: Record<string, Record<string, unknown>> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    if (field.translated) {
      for (const lang of languages) {
        translations[lang] ??= {};
        translations[lang][name] = sampleValue(field, n, refs, `${entity.name} ${name} ${lang}`);
      }
    } else {
      const v = sampleValue(field, n, refs, `${entity.name} ${name}`);
      if (v !== null) body[name] = v;
    }
  }
  if (Object.keys(translations).length) body.translations = translations;
  return body;
}
