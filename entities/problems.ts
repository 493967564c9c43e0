/**
 * What is wrong with a value, as a code and its parameters, never as a sentence: the API
 * writes the English at its edge (server/problemText.ts), the SPA shows each code through
 * its locale key (src/fields/messages.ts). docs/decisions.md §11.
 */

/** Problems the shared validation (entities/) reports, so the SPA meets them before sending. */
export type ValidationCode =
  | 'required'
  | 'blank'
  | 'null'
  | 'emptyList'
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'email'
  | 'url'
  | 'slug'
  | 'pattern'
  | 'color'
  | 'colorAlpha'
  | 'date'
  | 'datetime'
  | 'time'
  | 'id'
  | 'ids'
  | 'object'
  | 'list'
  | 'seo'
  | 'map'
  | 'linkBoth'
  | 'duplicate'
  | 'unstorable'
  | 'notObject'
  /** {count} */
  | 'maxLength'
  | 'minLength'
  | 'maxItems'
  | 'minItems'
  | 'menuDepth'
  | 'menuItems'
  /** {n}: a number, date or time */
  | 'maxValue'
  | 'minValue'
  /** {value}, cut to 40 characters */
  | 'choice'
  /** {value}, cut to 20 characters */
  | 'language'
  // A declaration's own patterns (`patternCode`) and cross-field checks.
  | 'brandCode'
  | 'sitePath'
  | 'phone'
  | 'hostName'
  | 'webOrigin'
  | 'countryCode'
  | 'username'
  | 'endBeforeStart'
  | 'unpublishBeforePublish'
  | 'defaultLanguage'
  | 'primaryDomain'
  | 'priceNeeded'
  | 'indexingEndpoint'
  | 'closesBeforeOpens'
  | 'lastDayBeforeFirst'
  | 'redirectFrom'
  | 'redirectTo'
  | 'redirectSame';

/** Problems only the server can see (the database, the request's shape, uploads). */
export type ServerCode =
  /** {id} */
  | 'missing'
  | 'once'
  | 'pageNumber'
  | 'pageSize'
  | 'pageTooDeep'
  /** {value} */
  | 'sortUnknown'
  | 'sortMax'
  | 'notSearchable'
  | 'filterMax'
  /** {value} */
  | 'filterUnknown'
  /** {value, field} */
  | 'filterChoice'
  /** {field} */
  | 'filterBoolean'
  | 'filterIds'
  | 'filterExact'
  | 'filterDates'
  /** {value} */
  | 'filterMimeField'
  | 'filterMime'
  | 'versionRequired'
  | 'versionMismatch'
  | 'slugTaken'
  /** {entity, field} */
  | 'unique'
  | 'ownMarket'
  | 'siteFixed'
  | 'domainTaken'
  | 'marketNeeded'
  | 'usernameTaken'
  /** {value} */
  | 'notPermission'
  /** {count} */
  | 'passwordShort'
  | 'passwordNumeric'
  | 'passwordCommon'
  | 'passwordSimilar'
  | 'currentPasswordNeeded'
  | 'currentPasswordWrong'
  | 'fileMissing'
  | 'fileEmpty'
  | 'fileUnexpected'
  | 'fileOne'
  | 'imageInvalid'
  | 'imageSlow'
  | 'jsonInvalid'
  | 'jsonObject'
  | 'dataOne'
  /** {count} */
  | 'folderDepth'
  | 'folderTaken'
  | 'folderIntoItself'
  /** An export's `format`, which is csv or xlsx. */
  | 'exportFormat'
  /** {count}: an export's selected `ids`, at most count of them. */
  | 'exportIds'
  /** {value}: a spreadsheet cell naming a row (or media item) that the site does not have. */
  | 'keyUnknown'
  /** A bulk edit (server/services/jobs/bulkUpdate.ts): ids or a filter, not both nor neither. */
  | 'bulkSelection'
  | 'bulkNothing'
  /** {field} */
  | 'bulkField'
  | 'bulkAdjust'
  | 'bulkLinks'
  /** {count} */
  | 'bulkTooMany'
  /** An import (server/entities/import/): the file cannot be read as CSV or XLSX ({value}: why). */
  | 'importUnreadable'
  | 'importEmpty'
  /** {value}: a mapping's column or key that the entity does not have. */
  | 'importColumn'
  /** {value}: two headers mapped to the same column. */
  | 'importColumnTwice'
  /** {value}: a mapped header the file does not have. */
  | 'importHeader'
  | 'importNothing'
  /** {value}: the key column no header is mapped to. */
  | 'importKeyUnmapped'
  /** {count}: all or nothing takes at most count rows. */
  | 'importTooMany'
  /** A redirect whose target leads back to its source (server/services/redirects/). */
  | 'redirectLoop'
  // The route schemas' own (server/schemas.ts, server/services/media/http.ts).
  | 'pk'
  | 'pkOrNull'
  | 'languageChoice'
  | 'translationsObject'
  /** {value}, cut to 20 characters */
  | 'languageUnknown'
  /** {expected, received}: zod's own type names */
  | 'type';

export type ProblemCode = ValidationCode | ServerCode;

/** Why an image was filed without a preview: what its variants job met (docs/decisions.md §37). */
export type PreviewError = Extract<ServerCode, 'imageInvalid' | 'imageSlow'>;

export type ProblemParams = Readonly<Record<string, string | number>>;

export interface Problem {
  readonly code: ProblemCode;
  readonly params?: ProblemParams;
}

/** Problems by field path (`name`, `translations.it.title`, `specs.2.value`); form-wide ones under `non_field_errors`. */
export type Errors = Record<string, Problem[]>;

export function addError(errors: Errors, path: string, code: ProblemCode, params?: ProblemParams) {
  const problem = params ? { code, params } : { code };
  const list = Object.hasOwn(errors, path) ? errors[path] : undefined;
  if (list) list.push(problem);
  else errors[path] = [problem];
}

/** A value cut for quoting back (`choice`, `sortUnknown` …): a huge value is not echoed whole. */
export const quoted = (value: string, max = 40) => (value.length > max ? `${value.slice(0, max)}…` : value);

/**
 * A 400 answer carries its problems under this key, beside the English sentences, when the
 * request sends CODES_HEADER: `1` (no field path starts with `$`). docs/decisions.md §11.
 */
export const CODES_KEY = '$codes';
export const CODES_HEADER = 'x-problem-codes';

/** Marks a value that failed validation (its problems are in the errors object). */
export const INVALID: unique symbol = Symbol('invalid');

/** Adds a problem and answers INVALID, for a validator's `return reject(…)`. */
export function reject(errors: Errors, path: string, code: ProblemCode, params?: ProblemParams): typeof INVALID {
  addError(errors, path, code, params);
  return INVALID;
}
