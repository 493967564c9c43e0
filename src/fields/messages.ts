import type { ProblemCode, ValidationCode } from '../../entities/problems';
import type { FieldMessage } from '../../machines/entityForm.types';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * Locale key of each problem the shared validation reports, and of the server's problems a user
 * can act on in a form. A blank field is an empty one to the user: one wording for both.
 */
const PROBLEM_KEYS: { readonly [C in ValidationCode | 'redirectLoop' | 'bulkTooMany' | 'bulkAdjust']: string } = {
  required: 'validation.required',
  blank: 'validation.required',
  null: 'validation.null',
  emptyList: 'validation.emptyList',
  string: 'validation.string',
  number: 'validation.number',
  integer: 'validation.integer',
  boolean: 'validation.boolean',
  email: 'validation.email',
  url: 'validation.url',
  slug: 'validation.slug',
  pattern: 'validation.pattern',
  color: 'validation.color',
  colorAlpha: 'validation.colorAlpha',
  date: 'validation.date',
  datetime: 'validation.datetime',
  time: 'validation.time',
  id: 'validation.id',
  ids: 'validation.ids',
  object: 'validation.object',
  notObject: 'validation.object',
  list: 'validation.list',
  seo: 'validation.seo',
  map: 'validation.map',
  linkBoth: 'validation.linkBoth',
  duplicate: 'validation.duplicate',
  unstorable: 'validation.unstorable',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  maxItems: 'validation.maxItems',
  minItems: 'validation.minItems',
  menuItems: 'validation.maxItems',
  menuDepth: 'validation.menuDepth',
  maxValue: 'validation.maxValue',
  minValue: 'validation.minValue',
  choice: 'validation.choice',
  language: 'validation.language',
  brandCode: 'validation.brandCode',
  sitePath: 'validation.sitePath',
  phone: 'validation.phone',
  hostName: 'validation.hostName',
  webOrigin: 'validation.webOrigin',
  countryCode: 'validation.countryCode',
  username: 'validation.username',
  endBeforeStart: 'validation.endBeforeStart',
  unpublishBeforePublish: 'validation.unpublishBeforePublish',
  defaultLanguage: 'validation.defaultLanguage',
  primaryDomain: 'validation.primaryDomain',
  priceNeeded: 'validation.priceNeeded',
  indexingEndpoint: 'validation.indexingEndpoint',
  closesBeforeOpens: 'validation.closesBeforeOpens',
  lastDayBeforeFirst: 'validation.lastDayBeforeFirst',
  redirectFrom: 'validation.redirectFrom',
  redirectTo: 'validation.redirectTo',
  redirectSame: 'validation.redirectSame',
  redirectLoop: 'validation.redirectLoop',
  bulkTooMany: 'validation.bulkTooMany',
  bulkAdjust: 'validation.bulkAdjust',
};

const keyOf = (code: ProblemCode): string | undefined => (PROBLEM_KEYS as Partial<Record<ProblemCode, string>>)[code];

/**
 * A field message in the user's language (a count picks the plural form, src/i18n/plural.ts);
 * a problem of the server's own, which has no key here, reads as the server wrote it.
 */
export function fieldMessage(t: T, message: FieldMessage): string {
  if (typeof message === 'string') return t(message);
  const key = keyOf(message.code);
  return key ? t(key, message.params) : (message.text ?? message.code);
}
