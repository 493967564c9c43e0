/** Option lists the site declarations share (dealer sites and market settings). */
import { LANGUAGE_NAMES, LANGUAGES } from '../locales/languages.js';
import type { SelectOption } from './fields.js';

/** The 15 UI languages, each by its own name. */
export const LANGUAGE_OPTIONS: readonly SelectOption[] = LANGUAGES.map((code) => ({ value: code, name: LANGUAGE_NAMES[code] }));

/** Brands of the group a dealer site may sell; exactly `DF` makes a mono-brand site. The codes are those of the catalog's brands. */
export const BRAND_OPTIONS: readonly SelectOption[] = [
  { value: 'DF', name: 'Deutz-Fahr' },
  { value: 'SA', name: 'SAME' },
  { value: 'LA', name: 'Lamborghini Trattori' },
  { value: 'HU', name: 'Hürlimann' },
  { value: 'GR', name: 'Grégoire' },
];

/** ISO 4217 currencies of the markets the platform serves. */
export const CURRENCY_OPTIONS: readonly SelectOption[] = [
  'EUR',
  'GBP',
  'CHF',
  'PLN',
  'HUF',
  'CZK',
  'RON',
  'BGN',
  'RSD',
  'MKD',
  'BAM',
  'ALL',
  'RUB',
  'TRY',
  'USD',
].map((code) => ({ value: code, name: code }));
