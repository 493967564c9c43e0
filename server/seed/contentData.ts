/**
 * What the demo dealer sites say (issue 6): used machines with their dealer categories,
 * promotions and news, in English and Italian, and the pictures they show. Rossi Trattori
 * (Cremona, Italian first, mono-brand DF) trades Deutz-Fahr only; Verdi Macchine Agricole
 * (Busseto, near Parma, English first) also SAME and Lamborghini. Dates are relative to
 * today, so "current", "expired" and "scheduled" stay true whenever the demo is seeded.
 * server/seed/content.ts writes it.
 */
import type { DemoImage } from './demoImages.js';

export type Brand = 'DF' | 'SA' | 'LA';
export type UsedCategoryKey = 'tractors' | 'combines' | 'handling' | 'specialised';
type Status = 'draft' | 'published' | 'sold' | 'archived';
type Condition = 'excellent' | 'good' | 'fair' | 'to_repair';

export const BRAND_NAMES: Record<Brand, string> = { DF: 'Deutz-Fahr', SA: 'SAME', LA: 'Lamborghini' };
const COLORS: Record<Brand, string> = { DF: '#7ab929', SA: '#c8102e', LA: '#1d1d1b' };

const machine = (key: string, brand: Brand, what: 'tractor' | 'combine' | 'telehandler', evening = false): DemoImage => {
  const en = `${BRAND_NAMES[brand]} ${what}${evening ? ' at sunset' : ''}`;
  const itWhat = { tractor: 'Trattore', combine: 'Mietitrebbia', telehandler: 'Sollevatore telescopico' }[what];
  return {
    key,
    folder: 'Usato',
    file: `${key}.jpg`,
    en,
    it: `${itWhat} ${BRAND_NAMES[brand]}${evening ? ' al tramonto' : ''}`,
    scene: { kind: 'machine', machine: what, color: COLORS[brand], evening },
  };
};

export const CONTENT_IMAGES: readonly DemoImage[] = [
  machine('df-tractor', 'DF', 'tractor'),
  machine('df-tractor-evening', 'DF', 'tractor', true),
  machine('df-combine', 'DF', 'combine'),
  machine('df-telehandler', 'DF', 'telehandler'),
  machine('sa-tractor', 'SA', 'tractor'),
  machine('sa-tractor-evening', 'SA', 'tractor', true),
  machine('la-tractor', 'LA', 'tractor'),
  machine('la-tractor-evening', 'LA', 'tractor', true),
  {
    key: 'offer-df',
    folder: 'Promozioni',
    file: 'promo-deutz-fahr.jpg',
    en: 'Deutz-Fahr offer',
    it: 'Offerta Deutz-Fahr',
    scene: { kind: 'offer', color: COLORS.DF },
  },
  { key: 'offer-sa', folder: 'Promozioni', file: 'promo-same.jpg', en: 'SAME offer', it: 'Offerta SAME', scene: { kind: 'offer', color: COLORS.SA } },
  { key: 'event', folder: 'News', file: 'open-day.jpg', en: 'Open day at the dealership', it: 'Porte aperte in concessionaria', scene: { kind: 'event' } },
  { key: 'workshop', folder: 'News', file: 'officina.jpg', en: 'Our workshop', it: 'La nostra officina', scene: { kind: 'workshop' } },
];

export const USED_CATEGORIES: Record<UsedCategoryKey, { en: string; it: string }> = {
  tractors: { en: 'Used tractors', it: 'Trattori usati' },
  specialised: { en: 'Vineyard and orchard tractors', it: 'Trattori specializzati' },
  combines: { en: 'Combine harvesters', it: 'Mietitrebbie' },
  handling: { en: 'Telehandlers and loaders', it: 'Sollevatori e caricatori' },
};

export interface Used {
  brand: Brand;
  model: string;
  category: UsedCategoryKey;
  year: number;
  hours: number;
  hp: number;
  price: number | null;
  condition: Condition;
  status: Status;
  place: string;
  at: [number, number];
  images: string[];
  /** Extras, in English and Italian. */
  extras: ReadonlyArray<readonly [string, string]>;
}

const EXTRAS = {
  ac: ['Air-conditioned cab', 'Cabina climatizzata'],
  frontLink: ['Front linkage and PTO', 'Sollevatore e presa di forza anteriori'],
  loader: ['Front loader included', 'Caricatore frontale incluso'],
  tyres: ['Tyres at 70%', 'Pneumatici al 70%'],
  gps: ['GPS guidance ready', 'Predisposizione guida satellitare'],
  serviced: ['Serviced in our workshop', 'Tagliandato nella nostra officina'],
  oneOwner: ['One owner from new', 'Unico proprietario'],
  header: ['6.3 m grain header', 'Barra da grano 6,3 m'],
  ttv: ['TTV continuously variable transmission', 'Trasmissione a variazione continua TTV'],
} as const satisfies Record<string, readonly [string, string]>;

const u = (
  brand: Brand,
  model: string,
  category: UsedCategoryKey,
  year: number,
  hours: number,
  hp: number,
  price: number | null,
  more: Partial<Used> & Pick<Used, 'place' | 'at'>,
): Used => ({
  brand,
  model,
  category,
  year,
  hours,
  hp,
  price,
  condition: 'good',
  status: 'published',
  images: [category === 'combines' ? 'df-combine' : category === 'handling' ? 'df-telehandler' : `${brand.toLowerCase()}-tractor`],
  extras: [EXTRAS.serviced],
  ...more,
});

const CREMONA = { place: 'Cremona (CR)', at: [45.1333, 10.0227] as [number, number] };
export const ROSSI_USED: Used[] = [
  u('DF', 'Agrotron 6.20', 'tractors', 2008, 7800, 200, 34_000, {
    ...CREMONA,
    extras: [EXTRAS.ac, EXTRAS.frontLink, EXTRAS.serviced],
    images: ['df-tractor', 'df-tractor-evening'],
  }),
  u('DF', 'Agrotron K 110', 'tractors', 2012, 5200, 110, 31_500, {
    place: 'Crema (CR)',
    at: [45.3622, 9.6869],
    condition: 'excellent',
    extras: [EXTRAS.ac, EXTRAS.oneOwner],
  }),
  u('DF', 'Agroplus 85', 'tractors', 2010, 6900, 85, 19_800, { place: 'Soresina (CR)', at: [45.2876, 9.8574], extras: [EXTRAS.loader, EXTRAS.tyres] }),
  u('DF', '6160 TTV', 'tractors', 2019, 3100, 156, 98_000, {
    ...CREMONA,
    condition: 'excellent',
    extras: [EXTRAS.ttv, EXTRAS.gps, EXTRAS.frontLink],
    images: ['df-tractor-evening', 'df-tractor'],
  }),
  u('DF', 'Agrotron TTV 630', 'tractors', 2014, 8400, 230, 62_000, {
    place: 'Casalmaggiore (CR)',
    at: [44.9894, 10.4183],
    status: 'sold',
    extras: [EXTRAS.ttv, EXTRAS.ac],
  }),
  u('DF', 'Agroplus 320 F', 'specialised', 2016, 2900, 68, 24_500, {
    place: 'Pizzighettone (CR)',
    at: [45.1881, 9.7886],
    extras: [EXTRAS.oneOwner, EXTRAS.serviced],
  }),
  u('DF', '5690 HTS', 'combines', 2011, 2400, 300, 79_000, { ...CREMONA, extras: [EXTRAS.header, EXTRAS.ac] }),
  u('DF', 'Agrovector 37.7', 'handling', 2015, 4600, 100, 41_000, { place: 'Castelleone (CR)', at: [45.295, 9.7636], condition: 'fair' }),
  u('DF', 'Agrofarm 430', 'tractors', 2009, 9800, 100, null, {
    place: 'Piadena (CR)',
    at: [45.1297, 10.3717],
    condition: 'to_repair',
    status: 'draft',
    extras: [EXTRAS.tyres],
  }),
  u('DF', 'Agrotron 150.7', 'tractors', 2004, 11200, 150, 22_000, { ...CREMONA, condition: 'fair', status: 'archived' }),
];

const BUSSETO = { place: 'Busseto (PR)', at: [44.9795, 10.0434] as [number, number] };
export const VERDI_USED: Used[] = [
  u('SA', 'Explorer 3 100', 'tractors', 2013, 4300, 97, 29_000, {
    ...BUSSETO,
    extras: [EXTRAS.ac, EXTRAS.serviced],
    images: ['sa-tractor', 'sa-tractor-evening'],
  }),
  u('SA', 'Iron 130', 'tractors', 2010, 7600, 130, 33_500, { place: 'Fidenza (PR)', at: [44.8667, 10.0633], extras: [EXTRAS.frontLink, EXTRAS.tyres] }),
  u('SA', 'Frutteto 100', 'specialised', 2017, 2100, 97, 36_000, {
    place: 'Soragna (PR)',
    at: [44.9267, 10.12],
    condition: 'excellent',
    extras: [EXTRAS.oneOwner],
  }),
  u('SA', 'Silver 110', 'tractors', 2006, 10400, 110, 17_500, { place: 'Salsomaggiore Terme (PR)', at: [44.8153, 9.9797], condition: 'fair', status: 'sold' }),
  u('LA', 'R4.110 Italia', 'tractors', 2015, 3900, 106, 38_000, {
    ...BUSSETO,
    images: ['la-tractor', 'la-tractor-evening'],
    extras: [EXTRAS.ac, EXTRAS.loader],
  }),
  u('LA', 'Nitro 120 VRT', 'tractors', 2018, 2600, 117, 67_000, {
    place: 'Fontanellato (PR)',
    at: [44.8813, 10.1759],
    condition: 'excellent',
    extras: [EXTRAS.gps, EXTRAS.frontLink],
  }),
  u('LA', 'R6.190', 'tractors', 2012, 8800, 190, null, { place: 'Parma (PR)', at: [44.8015, 10.3279], condition: 'to_repair', status: 'draft' }),
  u('DF', 'Agrotron K 430', 'tractors', 2011, 6200, 113, 32_000, { ...BUSSETO, extras: [EXTRAS.ac, EXTRAS.serviced] }),
  u('DF', '6190 TTV', 'tractors', 2016, 5400, 190, 84_000, {
    place: 'Zibello (PR)',
    at: [45.0181, 10.1291],
    extras: [EXTRAS.ttv, EXTRAS.gps],
    images: ['df-tractor', 'df-tractor-evening'],
  }),
  u('DF', 'Agrovector 30.7', 'handling', 2014, 5100, 75, 35_500, { place: 'Fidenza (PR)', at: [44.8667, 10.0633], status: 'archived' }),
];

const CONDITION_TEXT: Record<Condition, [string, string]> = {
  excellent: ['in excellent condition', 'in condizioni ottime'],
  good: ['in good condition', 'in buone condizioni'],
  fair: ['in fair condition, with the signs of its years', 'in condizioni discrete, con i segni degli anni'],
  to_repair: ['to be repaired: ideal for spare parts or a restoration', 'da riparare: ideale per ricambi o restauro'],
};

const euro = (n: number, lang: 'en' | 'it') => n.toLocaleString(lang === 'en' ? 'en-GB' : 'it-IT');

export function usedBody(m: Used, refs: { brand: number; category: number; gallery: number[] }, n: number) {
  const name = `${BRAND_NAMES[m.brand]} ${m.model}`;
  const text = (lang: 0 | 1) => {
    const l = lang === 0 ? 'en' : 'it';
    const intro =
      lang === 0
        ? `<p>${name} from ${m.year}, ${m.hp} hp, ${euro(m.hours, l)} hours, ${CONDITION_TEXT[m.condition][0]}. It can be seen in ${m.place}.</p>`
        : `<p>${name} del ${m.year}, ${m.hp} CV, ${euro(m.hours, l)} ore, ${CONDITION_TEXT[m.condition][1]}. Visibile a ${m.place}.</p>`;
    const list = `<ul>${m.extras.map((e) => `<li>${e[lang]}</li>`).join('')}</ul>`;
    const close =
      lang === 0
        ? '<p>Trade-ins and financing available: call us for a test drive.</p>'
        : '<p>Valutiamo permute e offriamo finanziamenti: chiamaci per una prova.</p>';
    return intro + list + close;
  };
  return {
    stock_number: `US-${String(n).padStart(4, '0')}`,
    brand: refs.brand,
    category: refs.category,
    model: m.model,
    year: m.year,
    hours: m.hours,
    power_hp: m.hp,
    condition: m.condition,
    status: m.status,
    price: m.price,
    show_price: m.price !== null,
    gallery: refs.gallery,
    location_name: m.place,
    location: { lat: m.at[0], lng: m.at[1] },
    translations: {
      en: {
        title: `${name} (${m.year})`,
        description: text(0),
        seo: {
          title: `Used ${name}, ${m.year}, ${euro(m.hours, 'en')} h`,
          description: `Used ${name} from ${m.year} with ${euro(m.hours, 'en')} hours, in ${m.place}.`,
          slug: '',
        },
      },
      it: {
        title: `${name} (${m.year})`,
        description: text(1),
        seo: {
          title: `${name} usato, ${m.year}, ${euro(m.hours, 'it')} ore`,
          description: `${name} usato del ${m.year} con ${euro(m.hours, 'it')} ore, a ${m.place}.`,
          slug: '',
        },
      },
    },
  };
}

const DAY = 86_400_000;
export const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** An instant `days` from now at the given UTC hour, as the datetime field stores it. */
export const at = (days: number, hour: number) => `${dayOffset(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

interface Promo {
  brand: Brand | null;
  from: number;
  to: number | null;
  status: 'draft' | 'published' | 'archived';
  image: string | null;
  en: [string, string, string];
  it: [string, string, string];
}

/** [title, summary, body] per language. */
export const promosFor = (main: Brand, mainName: string): Promo[] => [
  {
    brand: main,
    from: -20,
    to: 70,
    status: 'published',
    image: main === 'SA' ? 'offer-sa' : 'offer-df',
    en: [
      `Zero-interest financing on ${mainName} tractors`,
      `Drive away a new ${mainName} tractor with 0% financing over 36 months.`,
      `<h2>0% over 36 months</h2><p>Until the end of the offer, every new ${mainName} tractor from stock can be paid in <strong>36 instalments at zero interest</strong>, subject to approval by the finance company.</p><ul><li>No arrangement fee</li><li>First instalment after 90 days</li></ul>`,
    ],
    it: [
      `Finanziamento a tasso zero sui trattori ${mainName}`,
      `Porta a casa un nuovo trattore ${mainName} con il tasso zero in 36 mesi.`,
      `<h2>Tasso zero in 36 mesi</h2><p>Fino al termine dell’offerta, ogni nuovo trattore ${mainName} disponibile in pronta consegna si può pagare in <strong>36 rate a tasso zero</strong>, salvo approvazione della finanziaria.</p><ul><li>Nessuna spesa di istruttoria</li><li>Prima rata dopo 90 giorni</li></ul>`,
    ],
  },
  {
    brand: null,
    from: -5,
    to: 40,
    status: 'published',
    image: 'workshop',
    en: [
      'Summer service at a fixed price',
      'Oil, filters and a 50-point check before harvest, at a fixed price.',
      '<p>Book your tractor’s <strong>pre-harvest service</strong>: engine oil, filters, greasing and a 50-point inspection by our technicians, at a fixed price with genuine parts.</p>',
    ],
    it: [
      'Tagliando estivo a prezzo fisso',
      'Olio, filtri e controllo in 50 punti prima della raccolta, a prezzo fisso.',
      '<p>Prenota il <strong>tagliando pre-raccolta</strong> del tuo trattore: olio motore, filtri, ingrassaggio e controllo in 50 punti dei nostri tecnici, a prezzo fisso con ricambi originali.</p>',
    ],
  },
  {
    brand: null,
    from: -220,
    to: -150,
    status: 'published',
    image: 'event',
    en: [
      'Winter discount on implements',
      '15% off ploughs, harrows and seed drills in stock.',
      '<p>During the winter months, <strong>15% off</strong> every implement in stock: ploughs, power harrows and seed drills.</p>',
    ],
    it: [
      'Sconto invernale sulle attrezzature',
      'Il 15% di sconto su aratri, erpici e seminatrici in pronta consegna.',
      '<p>Nei mesi invernali, <strong>15% di sconto</strong> su tutte le attrezzature disponibili: aratri, erpici rotanti e seminatrici.</p>',
    ],
  },
  {
    brand: null,
    from: 30,
    to: 90,
    status: 'draft',
    image: 'workshop',
    en: [
      'Autumn spare parts campaign',
      'Filters and lubricants at special prices for the autumn.',
      '<p>Filters, belts and lubricants at <em>special prices</em> all autumn long.</p>',
    ],
    it: [
      'Campagna ricambi d’autunno',
      'Filtri e lubrificanti a prezzi speciali per l’autunno.',
      '<p>Filtri, cinghie e lubrificanti a <em>prezzi speciali</em> per tutto l’autunno.</p>',
    ],
  },
];

interface NewsItem {
  days: number;
  status: 'draft' | 'published' | 'archived';
  image: string | null;
  en: [string, string, string];
  it: [string, string, string];
}

export const newsFor = (dealer: string, town: string): NewsItem[] => [
  {
    days: -3,
    status: 'published',
    image: 'event',
    en: [
      `Open days at ${dealer}`,
      'Two days of test drives, workshop tours and food from local farms.',
      `<h2>Come and see us</h2><p>On Saturday and Sunday our yard in ${town} is open to everyone: <strong>test drives</strong> of the new tractors, guided tours of the workshop and a lunch with products from local farms.</p><p>Entry is free; please book your test drive by phone.</p>`,
    ],
    it: [
      `Porte aperte da ${dealer}`,
      'Due giornate di prove in campo, visite all’officina e prodotti delle aziende del territorio.',
      `<h2>Vieni a trovarci</h2><p>Sabato e domenica il nostro piazzale di ${town} è aperto a tutti: <strong>prove su strada</strong> dei nuovi trattori, visite guidate all’officina e un pranzo con i prodotti delle aziende agricole locali.</p><p>L’ingresso è libero; prenota la tua prova per telefono.</p>`,
    ],
  },
  {
    days: -18,
    status: 'published',
    image: 'workshop',
    en: [
      'Our workshop doubles in size',
      'Four new bays and a diagnostics room for electronic transmissions.',
      '<p>The new workshop has <strong>four more bays</strong>, a diagnostics room for continuously variable transmissions and a parts counter open on Saturday mornings.</p>',
    ],
    it: [
      'La nostra officina raddoppia',
      'Quattro nuove postazioni e una sala diagnosi per le trasmissioni elettroniche.',
      '<p>La nuova officina ha <strong>quattro postazioni in più</strong>, una sala diagnosi per le trasmissioni a variazione continua e il banco ricambi aperto il sabato mattina.</p>',
    ],
  },
  {
    days: -45,
    status: 'published',
    image: 'df-tractor',
    en: [
      'See us at EIMA in Bologna',
      'The new tractors and our used machines on show at the international fair.',
      '<p>We will be at <strong>EIMA International</strong> in Bologna with the latest tractors. Ask us for a free entry ticket.</p>',
    ],
    it: [
      'Ci vediamo a EIMA a Bologna',
      'I nuovi trattori e il nostro usato in mostra alla fiera internazionale.',
      '<p>Saremo a <strong>EIMA International</strong> a Bologna con gli ultimi trattori. Chiedici un biglietto d’ingresso gratuito.</p>',
    ],
  },
  {
    days: -90,
    status: 'published',
    image: 'df-combine',
    en: [
      'Harvest season: extended opening hours',
      'The workshop and parts counter stay open until 8 pm.',
      '<p>From June to August the workshop and the parts counter are open <strong>until 8 pm</strong>, Saturdays included.</p>',
    ],
    it: [
      'Stagione della raccolta: orari prolungati',
      'Officina e ricambi aperti fino alle 20.',
      '<p>Da giugno ad agosto l’officina e il banco ricambi restano aperti <strong>fino alle 20</strong>, sabato compreso.</p>',
    ],
  },
  {
    days: -400,
    status: 'archived',
    image: 'workshop',
    en: [
      'New website online',
      'Our used machines and offers, always up to date.',
      '<p>Our new website lists our <em>used machines</em> and current offers, always up to date.</p>',
    ],
    it: [
      'Online il nuovo sito',
      'Il nostro usato e le offerte, sempre aggiornati.',
      '<p>Il nuovo sito elenca il nostro <em>usato</em> e le offerte del momento, sempre aggiornati.</p>',
    ],
  },
  {
    days: 7,
    status: 'published',
    image: 'df-tractor-evening',
    en: [
      'Safe driving course for young farmers',
      'A free afternoon on tractor safety, with a certificate.',
      '<p>A free afternoon course on <strong>safe tractor driving</strong>: rollover protection, road rules and implement hitching. Places are limited.</p>',
    ],
    it: [
      'Corso di guida sicura per giovani agricoltori',
      'Un pomeriggio gratuito sulla sicurezza del trattore, con attestato.',
      '<p>Un corso gratuito di un pomeriggio sulla <strong>guida sicura del trattore</strong>: protezione antiribaltamento, codice della strada e aggancio delle attrezzature. Posti limitati.</p>',
    ],
  },
  {
    days: 21,
    status: 'draft',
    image: 'df-tractor-evening',
    en: ['Autumn test-drive tour', 'Draft: dates and farms to be confirmed.', '<p>Dates and farms to be confirmed.</p>'],
    it: ['Tour d’autunno delle prove in campo', 'Bozza: date e aziende da confermare.', '<p>Date e aziende da confermare.</p>'],
  },
];
