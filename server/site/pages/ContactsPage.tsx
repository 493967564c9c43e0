import { ContactList } from '../parts/ContactList.js';
import { Blocks } from '../parts/Blocks.js';
import { Document, type Frame } from '../parts/Document.js';
import { mapLink, time } from '../parts/format.js';
import type { SiteText } from '../text.js';
import type { Hours, Resolved } from '../types.js';

/** The contacts page: address with a map link, phone, e-mail, opening hours, then its blocks. */
export function ContactsPage({ frame, resolved }: { frame: Frame; resolved: Resolved }) {
  const { t, site } = frame;
  const c = resolved.object;
  const title = c.title ?? '';
  const address = c.address || site.contacts.address;
  const phone = c.phone || site.contacts.phone;
  const email = c.email || site.contacts.email;
  const location = c.location ?? site.location;
  const hours = c.opening_hours?.length ? c.opening_hours : site.opening_hours;
  return (
    <Document frame={frame} title={resolved.seo?.title || title} description={resolved.seo?.description}>
      <h1>{title}</h1>
      {c.intro ? <p className="lead">{c.intro}</p> : null}
      {address ? (
        <section aria-labelledby="address">
          <h2 id="address">{t.address}</h2>
          <address>{address}</address>
          {location ? (
            <p>
              <a href={mapLink(location)} rel="noopener noreferrer">
                {t.openMap}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      <ContactList phone={phone} email={email} t={t} />
      <OpeningHours hours={hours} t={t} />
      <Blocks blocks={c.blocks} />
    </Document>
  );
}

function OpeningHours({ hours, t }: { hours: readonly Hours[]; t: SiteText }) {
  if (!hours.length) return null;
  const dayName = (d: string | null) => (d ? ((t.days as Record<string, string>)[d] ?? d) : '');
  return (
    <section aria-labelledby="hours">
      <h2 id="hours">{t.openingHours}</h2>
      <table className="hours">
        <tbody>
          {hours.map((h, i) => (
            <tr key={i}>
              <th scope="row">{h.to_day ? `${dayName(h.from_day)} – ${dayName(h.to_day)}` : dayName(h.from_day)}</th>
              <td>
                {time(h.opens)} – {time(h.closes)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
