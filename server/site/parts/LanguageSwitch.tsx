import { isLanguage, LANGUAGE_NAMES } from '../../../locales/languages.js';
import { tagOf, type SiteText } from '../text.js';

/**
 * This page in the site's other languages: the alternates the `route` answer gives. A
 * language the page has no path in is left out rather than sent to a page it is not.
 */
export function LanguageSwitch({ alternates, lang, t }: { alternates: Record<string, string>; lang: string; t: SiteText }) {
  const entries = Object.entries(alternates);
  if (entries.length < 2) return null;
  return (
    <nav className="langs" aria-label={t.languages}>
      <ul>
        {entries.map(([code, path]) => (
          <li key={code}>
            <a href={path} hrefLang={tagOf(code)} lang={tagOf(code)} aria-current={code === lang ? 'page' : undefined}>
              {isLanguage(code) ? LANGUAGE_NAMES[code] : code}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
