/**
 * Demo site pages for the master site and the two dealers, in English and Italian: hero
 * texts, history, contacts with map and opening hours, parts counter, legal texts, and
 * settings with colours, social links and a menu. Written through the entity engine.
 */
import type { Kysely } from 'kysely';
import type { SitePageKey } from '../../entities/sitePages/keys.js';
import { sitePageEntityName } from '../../entities/sitePages/page.js';
import { loadRecord } from '../entities/read.js';
import { ensureSingleton } from '../entities/singleton.js';
import { updateRecord } from '../entities/write.js';
import { siteContext } from './siteContext.js';

interface SiteFacts {
  name: string;
  town: string;
  address: string;
  location: { lat: number; lng: number };
  phone: string;
  email: string;
  since: number;
  color: [string, string];
  social: Array<{ url: string; label: string }>;
}

const FACTS: Record<'master' | 'rossi' | 'verdi', SiteFacts> = {
  master: {
    name: 'Dealer Platform',
    town: 'Treviglio',
    address: 'Viale Francesco Cassani 15\n24047 Treviglio (BG)\nItalia',
    location: { lat: 45.5215, lng: 9.5927 },
    phone: '+39 0363 4211',
    email: 'network@dealer-platform.example',
    since: 1942,
    color: ['#367c2b', '#1f2933'],
    social: [
      { url: 'https://www.facebook.com/dealerplatform', label: 'Facebook' },
      { url: 'https://www.youtube.com/@dealerplatform', label: 'YouTube' },
      { url: 'https://www.linkedin.com/company/dealerplatform', label: 'LinkedIn' },
    ],
  },
  rossi: {
    name: 'Rossi Trattori',
    town: 'Cremona',
    address: 'Via Mantova 120\n26100 Cremona (CR)\nItalia',
    location: { lat: 45.1452, lng: 10.0513 },
    phone: '+39 0372 451 200',
    email: 'info@rossitrattori.example',
    since: 1968,
    color: ['#7ab929', '#1d1d1b'],
    social: [
      { url: 'https://www.facebook.com/rossitrattori', label: 'Facebook' },
      { url: 'https://www.instagram.com/rossitrattori', label: 'Instagram' },
      { url: 'https://wa.me/390372451200', label: 'WhatsApp' },
    ],
  },
  verdi: {
    name: 'Verdi Macchine Agricole',
    town: 'Fidenza',
    address: 'Via Emilia Ovest 48\n43036 Fidenza (PR)\nItalia',
    location: { lat: 44.8661, lng: 10.0487 },
    phone: '+39 0524 530 300',
    email: 'vendite@verdimacchine.example',
    since: 1985,
    color: ['#c8102e', '#23303b'],
    social: [
      { url: 'https://www.facebook.com/verdimacchine', label: 'Facebook' },
      { url: 'https://www.youtube.com/@verdimacchine', label: 'YouTube' },
    ],
  },
};

/** Mon–Fri 8:00–12:30 and 14:00–18:30, Saturday morning. */
const HOURS = [
  { from_day: 'mon', to_day: 'fri', opens: '08:00', closes: '12:30' },
  { from_day: 'mon', to_day: 'fri', opens: '14:00', closes: '18:30' },
  { from_day: 'sat', to_day: null, opens: '08:30', closes: '12:00' },
];

const COOKIE_EN = (f: SiteFacts) =>
  `<h2>What cookies are</h2><p>Cookies are small text files a website stores in your browser. ${f.name} uses them to make this site work and, with your consent, to understand how it is used.</p><h2>Cookies we use</h2><ul><li><strong>Technical cookies</strong>: needed for the site to work (language choice, cookie consent). They need no consent.</li><li><strong>Analytics cookies</strong>: anonymous statistics on visited pages, only after your consent.</li><li><strong>Third-party cookies</strong>: maps and embedded videos, only after your consent.</li></ul><h2>Your choices</h2><p>You can change your consent at any time from the cookie banner or delete cookies in your browser settings.</p>`;
const COOKIE_IT = (f: SiteFacts) =>
  `<h2>Cosa sono i cookie</h2><p>I cookie sono piccoli file di testo che un sito salva nel browser. ${f.name} li utilizza per far funzionare il sito e, con il tuo consenso, per capire come viene utilizzato.</p><h2>Cookie utilizzati</h2><ul><li><strong>Cookie tecnici</strong>: necessari al funzionamento del sito (scelta della lingua, consenso ai cookie). Non richiedono consenso.</li><li><strong>Cookie analitici</strong>: statistiche anonime sulle pagine visitate, solo dopo il tuo consenso.</li><li><strong>Cookie di terze parti</strong>: mappe e video incorporati, solo dopo il tuo consenso.</li></ul><h2>Le tue scelte</h2><p>Puoi modificare il consenso in qualsiasi momento dal banner dei cookie o cancellare i cookie dalle impostazioni del browser.</p>`;
const PRIVACY_EN = (f: SiteFacts) =>
  `<h2>Data controller</h2><p>${f.name}, ${f.address.replace(/\n/g, ', ')}, e-mail <a href="mailto:${f.email}">${f.email}</a>.</p><h2>What we collect and why</h2><p>We process the data you send us through the contact and quote forms only to answer your request, and the data needed to deliver products and services you buy from us.</p><h2>How long we keep it</h2><p>Requests are kept for 24 months; invoices for the period the law requires.</p><h2>Your rights</h2><p>Under the GDPR (EU Regulation 2016/679) you may ask to see, correct or delete your data, object to its processing, and complain to the Italian Data Protection Authority.</p>`;
const PRIVACY_IT = (f: SiteFacts) =>
  `<h2>Titolare del trattamento</h2><p>${f.name}, ${f.address.replace(/\n/g, ', ')}, e-mail <a href="mailto:${f.email}">${f.email}</a>.</p><h2>Quali dati raccogliamo e perché</h2><p>Trattiamo i dati che ci invii con i moduli di contatto e di preventivo solo per rispondere alla tua richiesta, e i dati necessari a fornire i prodotti e i servizi che acquisti.</p><h2>Per quanto tempo li conserviamo</h2><p>Le richieste sono conservate per 24 mesi; le fatture per il periodo previsto dalla legge.</p><h2>I tuoi diritti</h2><p>Ai sensi del GDPR (Regolamento UE 2016/679) puoi chiedere di accedere ai tuoi dati, rettificarli o cancellarli, opporti al trattamento e presentare reclamo al Garante per la protezione dei dati personali.</p>`;

const seo = (title: string, description: string) => ({ title, description, slug: '' });

function listIntro(key: SitePageKey, f: SiteFacts) {
  const texts: Partial<Record<SitePageKey, [string, string, string, string]>> = {
    product_list: [
      'New machines',
      `<p>The new tractors and machines ${f.name} sells, with specifications and prices.</p>`,
      'Macchine nuove',
      `<p>I trattori e le macchine nuove che ${f.name} vende, con caratteristiche e prezzi.</p>`,
    ],
    used_product_list: [
      'Used machines',
      '<p>Checked and serviced used machines, ready to work.</p>',
      'Macchine usate',
      '<p>Macchine usate controllate e revisionate, pronte per lavorare.</p>',
    ],
    news_list: ['News', `<p>Events, open days and news from ${f.name}.</p>`, 'News', `<p>Eventi, giornate in campo e novità da ${f.name}.</p>`],
    promotion_list: [
      'Promotions',
      '<p>Current offers on new machines, parts and servicing.</p>',
      'Promozioni',
      '<p>Le offerte in corso su macchine nuove, ricambi e assistenza.</p>',
    ],
    dealer_brand: [
      'Our brands',
      '<p>The brands we represent, sell and service.</p>',
      'I nostri marchi',
      '<p>I marchi che rappresentiamo, vendiamo e assistiamo.</p>',
    ],
  };
  const t = texts[key]!;
  return {
    items_per_page: key === 'news_list' ? 9 : 12,
    translations: {
      en: { title: t[0], intro: t[1], seo: seo(`${t[0]} | ${f.name}`, '') },
      it: { title: t[2], intro: t[3], seo: seo(`${t[2]} | ${f.name}`, '') },
    },
  };
}

function pageBodies(f: SiteFacts): Record<SitePageKey, Record<string, unknown>> {
  const menu = (lang: 'en' | 'it') => {
    const L = (en: string, it: string) => (lang === 'en' ? en : it);
    return [
      { id: 'home', label: L('Home', 'Home'), page: 'home', children: [] },
      {
        id: 'machines',
        label: L('Machines', 'Macchine'),
        page: 'product_list',
        children: [
          { id: 'new', label: L('New', 'Nuove'), page: 'product_list', children: [] },
          { id: 'used', label: L('Used', 'Usate'), page: 'used_product_list', children: [] },
          { id: 'brands', label: L('Brands', 'Marchi'), page: 'dealer_brand', children: [] },
        ],
      },
      { id: 'parts', label: L('Parts and lubricants', 'Ricambi e lubrificanti'), page: 'spare_parts', children: [] },
      { id: 'offers', label: L('Promotions', 'Promozioni'), page: 'promotion_list', children: [] },
      { id: 'news', label: 'News', page: 'news_list', children: [] },
      { id: 'about', label: L('About us', 'Chi siamo'), page: 'about_us', children: [] },
      { id: 'contacts', label: L('Contacts', 'Contatti'), page: 'contacts', children: [] },
      { id: 'manufacturer', label: L('Manufacturer', 'Casa madre'), url: 'https://www.deutz-fahr.com', new_tab: true, children: [] },
    ];
  };
  return {
    home: {
      hero_link_url: '/it/contatti',
      featured_limit: 4,
      translations: {
        en: {
          title: f.name,
          hero_title: `Machines that work as hard as you do`,
          hero_text: `New and used tractors, parts and a workshop in ${f.town} since ${f.since}.`,
          hero_link_label: 'Book a test drive',
          featured_title: 'Featured machines',
          blocks: [
            {
              title: 'Workshop',
              text: '<p>Factory-trained technicians, a mobile service van and diagnostics for every brand we sell.</p>',
              image: null,
              link_label: 'Book a service',
              link_url: '/en/contacts',
            },
            { title: 'Finance', text: '<p>Leasing and instalments tailored to your harvest calendar.</p>', image: null, link_label: '', link_url: '' },
          ],
          seo: seo(`${f.name} – tractors and farm machinery in ${f.town}`, `New and used tractors, spare parts and servicing in ${f.town}.`),
        },
        it: {
          title: f.name,
          hero_title: 'Macchine che lavorano quanto te',
          hero_text: `Trattori nuovi e usati, ricambi e officina a ${f.town} dal ${f.since}.`,
          hero_link_label: 'Prenota una prova',
          featured_title: 'Macchine in evidenza',
          blocks: [
            {
              title: 'Officina',
              text: '<p>Tecnici formati in fabbrica, un furgone per l\u2019assistenza in campo e la diagnosi per ogni marchio che vendiamo.</p>',
              image: null,
              link_label: 'Prenota un intervento',
              link_url: '/it/contatti',
            },
            { title: 'Finanziamenti', text: '<p>Leasing e rate su misura per il calendario dei tuoi raccolti.</p>', image: null, link_label: '', link_url: '' },
          ],
          seo: seo(`${f.name} – trattori e macchine agricole a ${f.town}`, `Trattori nuovi e usati, ricambi e assistenza a ${f.town}.`),
        },
      },
    },
    about_us: {
      translations: {
        en: {
          title: 'About us',
          intro: `A family business serving farmers around ${f.town} since ${f.since}.`,
          body: `<h2>Our history</h2><p>${f.name} opened in ${f.since} as a small workshop repairing tractors for the farms nearby. Three generations later we sell and service machines across the province, with the same handshake.</p><h2>What we believe</h2><p>A machine is only as good as the service behind it: that is why our workshop and parts counter come first.</p>`,
          blocks: [
            {
              title: 'The team',
              text: '<p>Twelve people between sales, workshop and parts, all of them from farming families.</p>',
              image: null,
              link_label: '',
              link_url: '',
            },
          ],
          seo: seo(`About ${f.name}`, `Who we are and our history since ${f.since}.`),
        },
        it: {
          title: 'Chi siamo',
          intro: `Un\u2019azienda di famiglia al servizio degli agricoltori di ${f.town} dal ${f.since}.`,
          body: `<h2>La nostra storia</h2><p>${f.name} nasce nel ${f.since} come piccola officina che ripara i trattori delle aziende vicine. Tre generazioni dopo vendiamo e assistiamo macchine in tutta la provincia, con la stessa stretta di mano.</p><h2>In cosa crediamo</h2><p>Una macchina vale quanto l\u2019assistenza che la segue: per questo officina e magazzino ricambi vengono prima di tutto.</p>`,
          blocks: [
            {
              title: 'La squadra',
              text: '<p>Dodici persone tra vendita, officina e ricambi, tutte cresciute in famiglie di agricoltori.</p>',
              image: null,
              link_label: '',
              link_url: '',
            },
          ],
          seo: seo(`Chi siamo – ${f.name}`, `Chi siamo e la nostra storia dal ${f.since}.`),
        },
      },
    },
    spare_parts: {
      request_email: f.email.replace(/^[^@]+/, 'ricambi'),
      translations: {
        en: {
          title: 'Spare parts and lubricants',
          intro: 'Original parts and lubricants, most of them in stock, the rest in 24 hours.',
          body: '<p>Our parts counter keeps more than 8,000 original parts and the full range of approved oils and greases. Send us the serial number of your machine and we will find the right part.</p>',
          seo: seo(`Spare parts – ${f.name}`, 'Original spare parts and lubricants, delivered in 24 hours.'),
        },
        it: {
          title: 'Ricambi e lubrificanti',
          intro: 'Ricambi originali e lubrificanti, quasi tutti a magazzino, gli altri in 24 ore.',
          body: '<p>Il nostro magazzino ha più di 8.000 ricambi originali e l\u2019intera gamma di oli e grassi omologati. Mandaci il numero di telaio della tua macchina e troveremo il pezzo giusto.</p>',
          seo: seo(`Ricambi – ${f.name}`, 'Ricambi originali e lubrificanti, consegna in 24 ore.'),
        },
      },
    },
    contacts: {
      address: f.address,
      location: f.location,
      phone: f.phone,
      email: f.email,
      opening_hours: HOURS,
      translations: {
        en: {
          title: 'Contacts',
          intro: 'Come and see us, call us or write: we answer within a working day.',
          seo: seo(`Contacts – ${f.name}`, `Address, phone and opening hours of ${f.name}.`),
        },
        it: {
          title: 'Contatti',
          intro: 'Vieni a trovarci, chiamaci o scrivici: rispondiamo entro un giorno lavorativo.',
          seo: seo(`Contatti – ${f.name}`, `Indirizzo, telefono e orari di ${f.name}.`),
        },
      },
    },
    settings: {
      primary_color: f.color[0],
      secondary_color: f.color[1],
      social_links: f.social,
      translations: {
        en: { title: 'Settings', menu: menu('en'), footer_text: `${f.name} · ${f.address.split('\n').join(' · ')}` },
        it: { title: 'Impostazioni', menu: menu('it'), footer_text: `${f.name} · ${f.address.split('\n').join(' · ')}` },
      },
    },
    cookie_policy: {
      last_updated: '2026-01-15',
      translations: { en: { title: 'Cookie Policy', body: COOKIE_EN(f) }, it: { title: 'Cookie Policy', body: COOKIE_IT(f) } },
    },
    privacy_policy: {
      last_updated: '2026-01-15',
      translations: { en: { title: 'Privacy Policy', body: PRIVACY_EN(f) }, it: { title: 'Informativa sulla privacy', body: PRIVACY_IT(f) } },
    },
    dealer_brand: listIntro('dealer_brand', f),
    news_list: listIntro('news_list', f),
    product_list: listIntro('product_list', f),
    used_product_list: listIntro('used_product_list', f),
    promotion_list: listIntro('promotion_list', f),
  };
}

/** The demo sites' pages; `db` is the demo seed's transaction. */
export async function seedPages(db: Kysely<any>, sites: { master: number; rossi: number; verdi: number }) {
  for (const which of ['master', 'rossi', 'verdi'] as const) {
    const ctx = await siteContext(db, sites[which]);
    const { registry } = ctx;
    // The site may have its pages already (made with it by the tenant write hook): fill them in.
    for (const [key, body] of Object.entries(pageBodies(FACTS[which]))) {
      const entity = registry.get(sitePageEntityName(key as SitePageKey));
      const id = await ensureSingleton(ctx, entity);
      const current = await loadRecord(ctx, entity, id);
      await updateRecord(ctx, entity, id, body, { partial: false, version: Number(current!.row.version) });
    }
  }
}
