/**
 * The API's English for every problem code (entities/problems.ts): the one place a 400's
 * sentences are written, in the words DRF clients know. docs/decisions.md §11.
 */
import { LANGUAGES } from '../locales/languages.js';
import { CODES_KEY, type Errors, type Problem, type ProblemCode, type ProblemParams } from '../entities/problems.js';

type Text = (p: ProblemParams) => string;

const TEXT: { readonly [C in ProblemCode]: Text } = {
  required: () => 'This field is required.',
  blank: () => 'This field may not be blank.',
  null: () => 'This field may not be null.',
  emptyList: () => 'This list may not be empty.',
  string: () => 'Not a valid string.',
  number: () => 'A valid number is required.',
  integer: () => 'A valid integer is required.',
  boolean: () => 'Must be a valid boolean.',
  email: () => 'Enter a valid email address.',
  url: () => 'Enter a valid URL.',
  slug: () => 'Enter a valid "slug" consisting of lowercase letters, numbers or hyphens.',
  pattern: () => 'Enter a valid value.',
  color: () => 'Enter a colour as #rrggbb.',
  colorAlpha: () => 'Enter a colour as #rrggbb or #rrggbbaa.',
  date: () => 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  datetime: () => 'Datetime has wrong format. Use ISO 8601 with a time zone, e.g. 2026-05-01T09:30:00Z.',
  time: () => 'Time has wrong format. Use one of these formats instead: hh:mm[:ss].',
  id: () => 'Expected an id (a positive integer).',
  ids: () => 'Expected a list of ids.',
  object: () => 'Expected an object.',
  list: () => 'Expected a list.',
  seo: () => 'Expected an object with title, description and slug.',
  map: () => 'Expected a point { lat, lng } or null.',
  linkBoth: () => 'Link to a page or to a URL, not both.',
  duplicate: () => 'This value is already in the list.',
  unstorable: () => 'This text holds a character that cannot be stored (NUL or a lone UTF-16 surrogate).',
  notObject: () => 'Invalid data. Expected an object.',
  maxLength: (p) => `Ensure this field has no more than ${p.count} characters.`,
  minLength: (p) => `Ensure this field has at least ${p.count} characters.`,
  maxItems: (p) => `Ensure this field has no more than ${p.count} elements.`,
  minItems: (p) => `Ensure this field has at least ${p.count} elements.`,
  menuDepth: (p) => `Ensure the menu is no more than ${p.count} levels deep.`,
  menuItems: (p) => `Ensure the menu has no more than ${p.count} items.`,
  maxValue: (p) => `Ensure this value is less than or equal to ${p.n}.`,
  minValue: (p) => `Ensure this value is greater than or equal to ${p.n}.`,
  choice: (p) => `"${p.value}" is not a valid choice.`,
  language: (p) => `"${p.value}" is not a language of this site.`,
  brandCode: () => 'Use capital letters, digits, - and _.',
  sitePath: () => 'Enter a site path starting with / or an http(s) URL.',
  phone: () => 'Enter a phone number: digits, spaces and + ( ) . / - only.',
  hostName: () => 'Enter a lower-case host name such as www.example.com, without http://, port or path.',
  webOrigin: () => 'Enter an origin such as https://www.example.com or http://localhost:3000, without a path.',
  countryCode: () => 'Use the two capital letters of the country (ISO 3166), e.g. IT.',
  username: () => 'Enter a valid username: letters, digits and @ . + - _ only.',
  endBeforeStart: () => 'The end date must not be before the start date.',
  defaultLanguage: () => 'The default language must be one of the languages.',
  primaryDomain: () => 'This is the primary domain already.',
  priceNeeded: () => 'Enter the price, or untick “Show the price” to show “price on request”.',
  indexingEndpoint: () => 'Indexing needs an endpoint.',
  closesBeforeOpens: () => 'Closing time must be after opening time.',
  lastDayBeforeFirst: () => 'The last day must not be before the first day.',
  redirectFrom: () => 'Enter a path of this site starting with /, without http://, host, ? or #.',
  redirectTo: () => 'Enter a path of this site starting with / or an https:// URL.',
  redirectSame: () => 'A redirect must lead to another path.',

  missing: (p) => `Invalid pk "${p.id}" - object does not exist.`,
  once: () => 'Give this parameter once.',
  pageNumber: () => 'A valid page number (1 or more) is required.',
  pageSize: () => 'A valid number of items (1 or more) is required.',
  pageTooDeep: () => 'This page is too deep to read: narrow the list with a filter or a search, or sort it the other way.',
  sortUnknown: (p) => `Cannot sort by "${p.value}".`,
  sortMax: () => 'Sort by at most 3 fields.',
  notSearchable: () => 'This list cannot be searched.',
  filterMax: () => 'Give at most 10 filters.',
  filterUnknown: (p) => `Cannot filter by "${p.value}".`,
  filterChoice: (p) => `"${p.value}" is not a valid choice for ${p.field}.`,
  filterBoolean: (p) => `Use true or false for ${p.field}.`,
  filterIds: (p) => `Use ids separated by commas for ${p.field}.`,
  filterExact: (p) => `Give one value of at most 255 characters for ${p.field}.`,
  filterDates: (p) => `Use a date range as YYYY-MM-DD..YYYY-MM-DD for ${p.field} (either end may be left open).`,
  filterMimeField: (p) => `Unknown filter field "${p.value}": only mime_type can be filtered.`,
  filterMime: () => 'Enter a MIME type such as image/png, or a wildcard such as image/*.',
  versionRequired: () => 'This field is required: send the version you edited, in the body or as If-Match.',
  versionMismatch: () => 'The version in the body and in If-Match differ.',
  slugTaken: () => 'This slug is already used by another row of this site.',
  unique: (p) => `A ${p.entity} with this ${p.field} already exists.`,
  ownMarket: () => 'Choose your own market.',
  siteFixed: () => 'A row stays on its site: delete it and add it on the other site.',
  domainTaken: () => 'Another site already uses this domain.',
  marketNeeded: () => 'A market administrator needs a market.',
  usernameTaken: () => 'A user with that username already exists.',
  notPermission: (p) => `"${p.value}" is not a permission of this back-office.`,
  passwordShort: (p) => `This password is too short. It must contain at least ${p.count} characters.`,
  passwordNumeric: () => 'This password is entirely numeric.',
  passwordCommon: () => 'This password is too common.',
  passwordSimilar: () => 'The password is too similar to the username, name or e-mail address.',
  currentPasswordNeeded: () => 'Enter your current password to set a new one.',
  currentPasswordWrong: () => 'Your current password is not correct.',
  fileMissing: () => 'No file was submitted.',
  fileEmpty: () => 'The submitted file is empty.',
  fileUnexpected: () => 'Unexpected file: send it as the "file" part.',
  fileOne: () => 'Upload one file per request.',
  imageInvalid: () => 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
  imageSlow: () => 'The image took too long to process: upload a smaller or simpler image.',
  jsonInvalid: () => 'Invalid JSON.',
  jsonObject: () => 'Expected a JSON object.',
  dataOne: () => 'Send one data part.',
  folderDepth: (p) => `Folders may be nested at most ${p.count} levels deep.`,
  folderTaken: () => 'A folder with this name already exists here.',
  bulkSelection: () => 'Give either the ids of the rows or a filter, not both.',
  bulkNothing: () => 'Name at least one field to set.',
  bulkField: (p) => `${p.field} cannot be set by a bulk edit.`,
  bulkAdjust: () => 'Expected a number, {"amount": <number>} or {"percent": <number>}.',
  bulkLinks: () => 'Expected {"add": [ids], "remove": [ids]}.',
  bulkTooMany: (p) => `A bulk edit changes at most ${p.count} rows: narrow the filter.`,
  redirectLoop: () => 'This redirect would lead back to where it starts: another redirect already goes from its target to its source.',
  folderIntoItself: () => 'A folder cannot be moved into itself or into one of its sub-folders.',
  pk: () => 'Incorrect type. Expected pk value.',
  pkOrNull: () => 'Incorrect type. Expected pk value or null.',
  languageChoice: () => `Choose one of ${LANGUAGES.join(', ')}.`,
  translationsObject: () => 'Expected an object keyed by language code.',
  languageUnknown: (p) => `Unknown language "${p.value}".`,
  // zod's own sentence for a value of the wrong type.
  type: (p) => `Invalid input: expected ${p.expected}, received ${p.received}`,
};

export const isProblemCode = (s: string): s is ProblemCode => Object.hasOwn(TEXT, s);

export const problemText = (problem: Problem) => TEXT[problem.code](problem.params ?? {});

/**
 * A 400 body: `{ "<path>": ["sentence", …] }`, and with `withCodes` also
 * `"$codes": { "<path>": [{ code, params? }, …] }`, the same problems in the same order.
 */
export function problemBody(errors: Errors, withCodes: boolean): Record<string, unknown> {
  // fromEntries defines own keys, so a path such as `__proto__` stays a path.
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(errors).map(([path, problems]) => [path, problems.map(problemText)]));
  return withCodes ? { ...body, [CODES_KEY]: errors } : body;
}
