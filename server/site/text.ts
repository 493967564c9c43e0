/**
 * The website's own words (a skip link, "price on request", the 404 …) in the page's
 * language: the `site` section of every locale file. Only that section is imported, so the
 * server bundle carries no back-office text. A site language without a locale file (none
 * today) reads English.
 */
import { site as al } from '../../locales/al.json';
import { site as bg } from '../../locales/bg.json';
import { site as bs } from '../../locales/bs.json';
import { site as de } from '../../locales/de.json';
import { site as en } from '../../locales/en.json';
import { site as es } from '../../locales/es.json';
import { site as fr } from '../../locales/fr.json';
import { site as hu } from '../../locales/hu.json';
import { site as it } from '../../locales/it.json';
import { site as mk } from '../../locales/mk.json';
import { site as nl } from '../../locales/nl.json';
import { site as pl } from '../../locales/pl.json';
import { site as pt } from '../../locales/pt.json';
import { site as rs } from '../../locales/rs.json';
import { site as ru } from '../../locales/ru.json';
import { isLanguage, type Language, LOCALE_TAGS } from '../../locales/languages.js';

export type SiteText = typeof en;

const TEXTS: Record<Language, SiteText> = { al, bg, bs, de, en, es, fr, hu, it, mk, nl, pl, pt, rs, ru };

export const textOf = (lang: string): SiteText => (isLanguage(lang) ? TEXTS[lang] : en);

/** The BCP 47 tag of a site language, for `lang` attributes and Intl. */
export const tagOf = (lang: string) => (isLanguage(lang) ? LOCALE_TAGS[lang] : lang);

export const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
