import type { SiteText } from '../text.js';

/** A phone (a `tel:` link of its digits) and an e-mail (a `mailto:` link), whichever there is. */
export function ContactList({ phone, email, t }: { phone?: string | null; email?: string | null; t: SiteText }) {
  return (
    <ul>
      {phone ? (
        <li>
          {t.phone}: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </li>
      ) : null}
      {email ? (
        <li>
          {t.email}: <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
    </ul>
  );
}
