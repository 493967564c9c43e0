import type { CSSProperties, ReactNode } from 'react';
import { STYLESHEET_URL } from '../styles.js';
import { tagOf, type SiteText } from '../text.js';
import type { SiteInfo } from '../types.js';
import { Footer } from './Footer.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { Menu } from './Menu.js';

export interface Frame {
  site: SiteInfo;
  lang: string;
  t: SiteText;
  /** The path of this page, to mark it in the menu. */
  path: string;
  /** This page in each site language (from `route`); empty on a page that is no path of the site (404). */
  alternates: Record<string, string>;
}

// Only a plain hex colour reaches the style attribute: the value is the dealer's, the attribute is ours.
const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * The whole HTML page: language, title and description, the alternates for search engines,
 * a skip link to the main landmark, the header with the menu and the language switch, the footer.
 */
export function Document({ frame, title, description, children }: { frame: Frame; title: string; description?: string; children: ReactNode }) {
  const { site, lang, t, path, alternates } = frame;
  const primary = site.colours.primary;
  const style = primary && HEX.test(primary) ? ({ '--brand': primary } as CSSProperties) : undefined;
  return (
    <html lang={tagOf(lang)} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title.includes(site.name) ? title : `${title} – ${site.name}`}</title>
        {description ? <meta name="description" content={description} /> : null}
        <link rel="stylesheet" href={STYLESHEET_URL} />
        {Object.entries(alternates).map(([code, href]) => (
          <link key={code} rel="alternate" hrefLang={tagOf(code)} href={href} />
        ))}
      </head>
      <body>
        <a className="skip" href="#main">
          {t.skipToContent}
        </a>
        <header className="site">
          <div className="wrap">
            <div className="bar">
              <a className="brand" href={`/${lang}/`}>
                {site.logo ? (
                  <img src={site.logo.web_url ?? site.logo.url} alt="" width={site.logo.width ?? undefined} height={site.logo.height ?? undefined} />
                ) : null}
                {site.name}
              </a>
              <LanguageSwitch alternates={alternates} lang={lang} t={t} />
            </div>
            <Menu items={site.menu} current={path} t={t} />
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          <div className="wrap">{children}</div>
        </main>
        <Footer site={site} t={t} />
      </body>
    </html>
  );
}
