import { DEFAULT_LANGUAGE, fromBrowserTag, isLanguage, type Language } from '../locales/languages';

export const BASE_PATH = '/backoffice';

/** `/backoffice/it/products` → it; the default locale has no prefix. */
export function languageFromPath(pathname: string): Language | undefined {
  const first = pathname.slice(BASE_PATH.length).split('/')[1];
  return isLanguage(first) && first !== DEFAULT_LANGUAGE ? first : undefined;
}

/** The path inside the app, without base and language prefix. */
export function appPath(pathname: string): string {
  const rest = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  const lang = languageFromPath(pathname);
  const inner = lang ? rest.slice(lang.length + 1) : rest;
  return inner === '' ? '/' : inner;
}

export const routerBase = (language: Language) => (language === DEFAULT_LANGUAGE ? BASE_PATH : `${BASE_PATH}/${language}`);

/** The same screen under another language's prefix. */
export const localizedUrl = (pathname: string, search: string, language: Language) =>
  `${routerBase(language)}${appPath(pathname) === '/' ? '/' : appPath(pathname)}${search}`;

/**
 * docs/spec.md §2/§9 choice order: URL prefix, the `i18n_redirected` cookie, the browser's
 * languages (the first that is one of ours), the site's own default language (per-domain
 * option), then the fallback. A person's browser speaks for them; a site's default only
 * for a browser in a language we do not have.
 */
export function chooseLanguage(opts: { pathname: string; cookie?: string; siteDefault?: string; browser: readonly string[] }): Language {
  const fromPath = languageFromPath(opts.pathname);
  if (fromPath) return fromPath;
  if (isLanguage(opts.cookie)) return opts.cookie;
  for (const tag of opts.browser) {
    const lang = fromBrowserTag(tag);
    if (lang) return lang;
  }
  if (isLanguage(opts.siteDefault)) return opts.siteDefault;
  return DEFAULT_LANGUAGE;
}
