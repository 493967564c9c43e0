import { ContactList } from './ContactList.js';
import type { SiteText } from '../text.js';
import type { SiteInfo } from '../types.js';

/** Contacts, social links and the dealer's footer line, on every page. */
export function Footer({ site, t }: { site: SiteInfo; t: SiteText }) {
  const { email, phone, address } = site.contacts;
  return (
    <footer className="site">
      <div className="wrap">
        {address ? <address>{address}</address> : null}
        <ContactList phone={phone} email={email} t={t} />
        {site.social_links.length ? (
          <nav aria-label={t.followUs}>
            <ul>
              {site.social_links.map((s) => (
                <li key={s.url}>
                  <a href={s.url} rel="noopener noreferrer">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {site.footer_text ? <p>{site.footer_text}</p> : null}
      </div>
    </footer>
  );
}
