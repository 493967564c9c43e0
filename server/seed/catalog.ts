/**
 * Demo catalog: Rossi Trattori sells Deutz-Fahr only (mono-brand DF); Verdi Macchine
 * Agricole sells Deutz-Fahr, SAME and Lamborghini Trattori. Products in English and
 * Italian, with specs and SEO, and pictures from the site's demo library (content.ts)
 * when the seed has a media storage. Written through the entity engine.
 */
import type { Kysely } from 'kysely';
import type { EngineContext } from '../entities/context.js';
import { insertRecord } from '../entities/write.js';
import { siteContext } from './siteContext.js';

interface Model {
  brand: 'DF' | 'SA' | 'LA';
  name: string;
  category: CategoryKey;
  hp: number;
  engine: string;
  transmission: string;
  weight: number;
  year: number;
  price: number | null;
  tags: TagKey[];
  status?: 'draft' | 'published' | 'archived';
}

type CategoryKey = 'tractors' | 'specialised' | 'compact' | 'combines' | 'telehandlers';
type TagKey = 'new' | 'fourwd' | 'cab' | 'stage5' | 'offer' | 'vineyard' | 'cvt';

const BRANDS = {
  DF: {
    name: 'Deutz-Fahr',
    color: '#7ab929',
    website: 'https://www.deutz-fahr.com',
    en: '<p>German engineering for farms of every size, from compact tractors to combines.</p>',
    it: '<p>Ingegneria tedesca per aziende agricole di ogni dimensione, dai trattori compatti alle mietitrebbie.</p>',
  },
  SA: {
    name: 'SAME',
    color: '#c8102e',
    website: 'https://www.same-tractors.com',
    en: '<p>Italian tractors since 1942: versatile, reliable, built in Treviglio.</p>',
    it: '<p>Trattori italiani dal 1942: versatili, affidabili, costruiti a Treviglio.</p>',
  },
  LA: {
    name: 'Lamborghini Trattori',
    color: '#1d1d1b',
    website: 'https://www.lamborghini-tractors.com',
    en: '<p>Design and performance for professional farmers.</p>',
    it: '<p>Design e prestazioni per agricoltori professionisti.</p>',
  },
} as const;

const SERVICES = [
  {
    en: 'Workshop and servicing',
    it: 'Officina e assistenza',
    den: 'Scheduled maintenance and repairs by factory-trained technicians.',
    dit: 'Manutenzione programmata e riparazioni con tecnici formati in fabbrica.',
  },
  {
    en: 'Genuine spare parts',
    it: 'Ricambi originali',
    den: 'Parts and lubricants delivered in 24 hours.',
    dit: 'Ricambi e lubrificanti consegnati in 24 ore.',
  },
  {
    en: 'Financing',
    it: 'Finanziamenti',
    den: 'Leasing and instalment plans tailored to your season.',
    dit: 'Leasing e rateizzazioni su misura per la tua stagione.',
  },
  {
    en: 'Rental',
    it: 'Noleggio',
    den: 'Short and long-term rental of tractors and implements.',
    dit: 'Noleggio a breve e lungo termine di trattori e attrezzature.',
  },
];

const CATEGORIES: Record<CategoryKey, { en: string; it: string; den: string; dit: string; one: [string, string] }> = {
  tractors: {
    en: 'Tractors',
    it: 'Trattori',
    den: 'Open-field tractors from 90 to 340 hp.',
    dit: 'Trattori da pieno campo da 90 a 340 CV.',
    one: ['tractor', 'trattore'],
  },
  specialised: {
    en: 'Vineyard and orchard tractors',
    it: 'Trattori specializzati',
    den: 'Narrow tractors for vineyards and orchards.',
    dit: 'Trattori stretti per vigneti e frutteti.',
    one: ['vineyard and orchard tractor', 'trattore specializzato'],
  },
  compact: {
    en: 'Compact tractors',
    it: 'Trattori compatti',
    den: 'Small tractors for hobby farms and municipalities.',
    dit: 'Piccoli trattori per hobby farm e comuni.',
    one: ['compact tractor', 'trattore compatto'],
  },
  combines: {
    en: 'Combine harvesters',
    it: 'Mietitrebbie',
    den: 'Combines for cereals, maize and rice.',
    dit: 'Mietitrebbie per cereali, mais e riso.',
    one: ['combine harvester', 'mietitrebbia'],
  },
  telehandlers: {
    en: 'Telehandlers',
    it: 'Sollevatori telescopici',
    den: 'Telescopic handlers for the farmyard.',
    dit: 'Sollevatori telescopici per l’azienda agricola.',
    one: ['telehandler', 'sollevatore telescopico'],
  },
};

const TAGS: Record<TagKey, { en: string; it: string }> = {
  new: { en: 'New', it: 'Novità' },
  fourwd: { en: '4WD', it: '4RM' },
  cab: { en: 'Cab', it: 'Cabina' },
  stage5: { en: 'Stage V', it: 'Stage V' },
  offer: { en: 'Special offer', it: 'In offerta' },
  vineyard: { en: 'Vineyard', it: 'Vigneto' },
  cvt: { en: 'CVT', it: 'Trasmissione continua' },
};

const m = (brand: Model['brand'], name: string, category: CategoryKey, hp: number, extra: Partial<Model> = {}): Model => ({
  brand,
  name,
  category,
  hp,
  engine: hp < 60 ? 'Kubota 3-cylinder' : hp < 130 ? 'FARMotion 4-cylinder' : hp < 250 ? 'Deutz TCD 6.1 L6' : 'Deutz TCD 7.8 L6',
  transmission: hp < 60 ? 'Mechanical 12+12' : hp < 130 ? 'Powershuttle 30+30' : 'TTV continuously variable',
  weight: Math.round(1200 + hp * 38),
  year: 2025 - (hp % 3),
  price: Math.round(hp * 820 + 9000),
  tags: [],
  ...extra,
});

const DF_MODELS: Model[] = [
  m('DF', '3050', 'compact', 50, { tags: ['fourwd'] }),
  m('DF', '4080E', 'compact', 75, { tags: ['fourwd'] }),
  m('DF', '5080D Keyline', 'tractors', 75, { tags: ['fourwd', 'offer'] }),
  m('DF', '5090D Keyline', 'tractors', 88, { tags: ['fourwd'] }),
  m('DF', '5105 GS', 'tractors', 102, { tags: ['fourwd', 'cab'] }),
  m('DF', '5125 GS', 'tractors', 126, { tags: ['fourwd', 'cab', 'stage5'] }),
  m('DF', '5D TTV', 'tractors', 113, { tags: ['cvt', 'cab'] }),
  m('DF', '5080 DF Ecoline', 'specialised', 75, { tags: ['vineyard'] }),
  m('DF', '5105 DV TTV', 'specialised', 102, { tags: ['vineyard', 'cvt', 'new'] }),
  m('DF', '5115 DS TTV', 'specialised', 113, { tags: ['vineyard', 'cvt'] }),
  m('DF', '6130.4 RVShift', 'tractors', 126, { tags: ['fourwd', 'cab'] }),
  m('DF', '6150.4 TTV', 'tractors', 143, { tags: ['cvt', 'cab', 'stage5'] }),
  m('DF', '6165 TTV', 'tractors', 165, { tags: ['cvt', 'cab', 'stage5'] }),
  m('DF', '6185 RCshift', 'tractors', 185, { tags: ['cab', 'stage5'] }),
  m('DF', '6215 TTV', 'tractors', 226, { tags: ['cvt', 'cab', 'new'] }),
  m('DF', '7250 TTV', 'tractors', 246, { tags: ['cvt', 'cab', 'stage5'] }),
  m('DF', '8280 TTV', 'tractors', 287, { tags: ['cvt', 'cab', 'stage5'] }),
  m('DF', '9340 TTV', 'tractors', 336, { tags: ['cvt', 'cab', 'stage5', 'new'], price: null }),
  m('DF', 'C6205 TS', 'combines', 250, { tags: ['cab'], price: null }),
  m('DF', 'C7206 TS', 'combines', 300, { tags: ['cab'], price: null }),
  m('DF', 'C9206 TSB', 'combines', 395, { tags: ['cab', 'new'], price: null }),
  m('DF', 'Agrovector 30.7', 'telehandlers', 75, { tags: ['stage5'] }),
  m('DF', 'Agrovector 35.7', 'telehandlers', 100, { tags: ['stage5'] }),
  m('DF', 'Agrovector 40.7', 'telehandlers', 122, { tags: ['stage5', 'new'], status: 'draft' }),
  m('DF', 'Agrotron K 90', 'tractors', 88, { tags: ['fourwd'], status: 'archived', year: 2014 }),
];

const SA_MODELS: Model[] = [
  m('SA', 'Solaris 55', 'compact', 50, { tags: ['fourwd'] }),
  m('SA', 'Dorado 90', 'tractors', 88, { tags: ['fourwd'] }),
  m('SA', 'Explorer 90', 'tractors', 88, { tags: ['fourwd', 'offer'] }),
  m('SA', 'Explorer 115', 'tractors', 113, { tags: ['fourwd', 'cab'] }),
  m('SA', 'Virtus 120', 'tractors', 123, { tags: ['cab', 'stage5'] }),
  m('SA', 'Virtus 135', 'tractors', 136, { tags: ['cab', 'stage5', 'new'] }),
  m('SA', 'Frutteto CVT 105', 'specialised', 102, { tags: ['vineyard', 'cvt'] }),
  m('SA', 'Frutteto CVT 115', 'specialised', 113, { tags: ['vineyard', 'cvt', 'new'] }),
  m('SA', 'Deltaone 140', 'tractors', 140, { tags: ['cab', 'stage5'], status: 'draft' }),
  m('SA', 'Fortis 190', 'tractors', 190, { tags: ['cab'], status: 'archived', year: 2016 }),
];

const LA_MODELS: Model[] = [
  m('LA', 'Crono 80', 'compact', 75, { tags: ['fourwd'] }),
  m('LA', 'Strike 110', 'tractors', 106, { tags: ['fourwd', 'cab'] }),
  m('LA', 'Spark 165', 'tractors', 165, { tags: ['cab', 'stage5'] }),
  m('LA', 'Nitro 130 VRT', 'tractors', 126, { tags: ['cvt', 'cab'] }),
  m('LA', 'Mach VRT 230', 'tractors', 226, { tags: ['cvt', 'cab', 'stage5', 'new'] }),
  m('LA', 'RF 115 Crawler', 'specialised', 113, { tags: ['vineyard'] }),
  m('LA', 'Spire Target 90', 'specialised', 88, { tags: ['vineyard', 'offer'] }),
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const IT_TRANSMISSION: Record<string, string> = {
  'Mechanical 12+12': 'meccanica 12+12',
  'Powershuttle 30+30': 'Powershuttle 30+30',
  'TTV continuously variable': 'a variazione continua TTV',
};

/** The demo pictures (content.ts CONTENT_IMAGES keys) that show a model: its kind of machine in its brand's colours. */
export function modelPictures(brand: Model['brand'], category: CategoryKey): string[] {
  if (category === 'combines') return ['df-combine'];
  if (category === 'telehandlers') return ['df-telehandler'];
  return [`${brand.toLowerCase()}-tractor`, `${brand.toLowerCase()}-tractor-evening`];
}

/** A site's brands, its own first (its categories show that brand's machines). */
type Brands = readonly [Model['brand'], ...Array<Model['brand']>];

/** Every picture a site's catalog shows, so its library holds them. */
export const catalogPictures = (site: 'rossi' | 'verdi') =>
  new Set(SITE_MODELS[site]().flatMap((p) => [...modelPictures(p.brand, p.category), ...modelPictures(SITE_BRANDS[site][0], p.category)]));

function productBody(p: Model, brandId: number, categoryId: number, tagIds: number[], gallery: number[]) {
  const brand = BRANDS[p.brand].name;
  const full = `${brand} ${p.name}`;
  const cat = CATEGORIES[p.category];
  return {
    brand: brandId,
    category: categoryId,
    tags: tagIds,
    gallery,
    sku: `${p.brand}-${p.name.replace(/[^A-Za-z0-9]+/g, '').toUpperCase()}`,
    status: p.status ?? 'published',
    price: p.price,
    show_price: p.price !== null,
    model_year: p.year,
    power_hp: p.hp,
    specs: [
      { name: 'Power', value: `${p.hp} hp (${Math.round(p.hp * 0.7355)} kW)` },
      { name: 'Engine', value: p.engine },
      { name: 'Transmission', value: p.transmission },
      { name: 'Weight', value: `${p.weight.toLocaleString('en')} kg` },
    ],
    translations: {
      en: {
        name: full,
        summary: `${cap(cat.one[0])} with ${p.hp} hp and ${p.transmission.toLowerCase()} transmission.`,
        description:
          `<h2>${full}</h2><p>The ${full} brings ${p.hp} hp of ${p.engine} power to your work, ` +
          `with a ${p.transmission.toLowerCase()} transmission and a cab designed for long days.</p>` +
          `<ul><li>Low fuel consumption</li><li>Easy daily maintenance</li><li>Serviced by our workshop</li></ul>`,
        seo: {
          title: `${full} | ${cat.en}`,
          description: `${full}: a ${p.hp} hp ${cat.one[0]}. Prices, specifications and test drives at your dealer.`,
          slug: '',
        },
      },
      it: {
        name: full,
        summary: `${cap(cat.one[1])} da ${p.hp} CV con trasmissione ${IT_TRANSMISSION[p.transmission] ?? p.transmission}.`,
        description:
          `<h2>${full}</h2><p>Il ${full} porta nel tuo lavoro ${p.hp} CV di potenza ${p.engine}, ` +
          `con una cabina pensata per le lunghe giornate in campo.</p>` +
          `<ul><li>Bassi consumi</li><li>Manutenzione quotidiana semplice</li><li>Assistenza nella nostra officina</li></ul>`,
        seo: {
          title: `${full} | ${cat.it}`,
          description: `${full}: ${cat.one[1]} da ${p.hp} CV. Prezzi, schede tecniche e prove in concessionaria.`,
          slug: '',
        },
      },
    },
  };
}

async function seedSite(ctx: EngineContext, brands: Brands, models: Model[], images: Map<string, number>) {
  const e = (name: string) => ctx.registry.get(name);
  const pictures = (keys: string[]) => keys.map((k) => images.get(k)).filter((id): id is number => id !== undefined);
  const brandIds = new Map<string, number>();
  for (const [i, code] of brands.entries()) {
    const b = BRANDS[code];
    const id = await insertRecord(ctx, e('brand'), {
      code,
      name: b.name,
      color: b.color,
      website: b.website,
      order: i,
      is_active: true,
      translations: { en: { description: b.en }, it: { description: b.it } },
    });
    brandIds.set(code, id);
    for (const [j, s] of SERVICES.entries()) {
      await insertRecord(ctx, e('brandService'), {
        brand: id,
        order: j,
        contact_email: j === 1 ? 'ricambi@example.com' : j === 0 ? 'officina@example.com' : '',
        translations: { en: { title: s.en, description: s.den }, it: { title: s.it, description: s.dit } },
      });
    }
  }
  const categoryIds = new Map<CategoryKey, number>();
  for (const [i, key] of (Object.keys(CATEGORIES) as CategoryKey[]).entries()) {
    if (!models.some((p) => p.category === key)) continue;
    const c = CATEGORIES[key];
    categoryIds.set(
      key,
      await insertRecord(ctx, e('category'), {
        order: i,
        image: pictures(modelPictures(brands[0], key))[0] ?? null,
        translations: { en: { title: c.en, description: c.den }, it: { title: c.it, description: c.dit } },
      }),
    );
  }
  const tagIds = new Map<TagKey, number>();
  for (const [i, key] of (Object.keys(TAGS) as TagKey[]).entries()) {
    const t = TAGS[key];
    tagIds.set(key, await insertRecord(ctx, e('tag'), { order: i, translations: { en: { title: t.en }, it: { title: t.it } } }));
  }
  const productIds: number[] = [];
  for (const p of models) {
    const body = productBody(
      p,
      brandIds.get(p.brand)!,
      categoryIds.get(p.category)!,
      p.tags.map((t) => tagIds.get(t)!),
      pictures(modelPictures(p.brand, p.category)),
    );
    productIds.push(await insertRecord(ctx, e('product'), body));
  }
  const featured = models
    .map((p, i) => ({ p, id: productIds[i] }))
    .filter(({ p }) => p.tags.includes('new') && (p.status ?? 'published') === 'published')
    .slice(0, 4);
  const year = new Date().getUTCFullYear();
  for (const [i, { id }] of featured.entries()) {
    await insertRecord(ctx, e('featuredProduct'), {
      product: id,
      order: i,
      valid_from: `${year}-01-01`,
      valid_to: i === 3 ? `${year}-06-30` : `${year}-12-31`,
      translations: { en: { badge: i === 0 ? 'New' : '' }, it: { badge: i === 0 ? 'Novità' : '' } },
    });
  }
}

const SITE_BRANDS: Record<'rossi' | 'verdi', Brands> = { rossi: ['DF'], verdi: ['DF', 'SA', 'LA'] };
const SITE_MODELS: Record<'rossi' | 'verdi', () => Model[]> = {
  rossi: () => DF_MODELS,
  verdi: () => [...SA_MODELS, ...LA_MODELS, ...DF_MODELS.filter((_, i) => i % 2 === 0)],
};

/**
 * Fills the two demo dealer sites' catalogs; `db` is the demo seed's transaction, `images`
 * each site's demo pictures by key (none without a media storage).
 */
export async function seedCatalog(db: Kysely<any>, sites: { rossi: number; verdi: number }, images: Map<number, Map<string, number>> = new Map()) {
  for (const site of ['rossi', 'verdi'] as const) {
    await seedSite(
      await siteContext(db, sites[site], { media: images.size > 0 }),
      SITE_BRANDS[site],
      SITE_MODELS[site](),
      images.get(sites[site]) ?? new Map<string, number>(),
    );
  }
}
