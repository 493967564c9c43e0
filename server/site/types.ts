/**
 * The delivery API's answers as the reference website reads them (README, "Public API"):
 * only what the pages show is typed; everything else the answers carry is left alone.
 */
/** What a list page lists. */
export type Kind = 'product' | 'usedProduct' | 'news' | 'promotion' | 'brand';

export interface Media {
  url: string;
  web_url: string | null;
  thumbnail_url: string | null;
  mime_type: string;
  width: number | null;
  height: number | null;
  srcset?: string | null;
  title: string | null;
  alt: string | null;
}

export interface MenuItem {
  label: string;
  path?: string;
  url?: string;
  new_tab?: boolean;
  children?: MenuItem[];
}

export interface Hours {
  from_day: string;
  to_day: string | null;
  opens: string;
  closes: string;
}

export interface Place {
  lat: number;
  lng: number;
}

export interface SiteInfo {
  language: string;
  name: string;
  languages: string[];
  default_language: string;
  contacts: { email: string | null; phone: string | null; address: string | null };
  location: Place | null;
  logo: Media | null;
  colours: { primary: string | null };
  social_links: { url: string; label: string }[];
  menu: MenuItem[];
  footer_text: string | null;
  opening_hours: Hours[];
}

export interface Seo {
  title?: string;
  description?: string;
}

export interface Ref {
  id: number;
  title: string;
  slug: string | null;
  /** Its page on the site, where its collection has pages (server/public/present.ts pathOf). */
  path: string | null;
}

export interface Block {
  title: string;
  text: string | null;
  image: Media | null;
  link_label: string | null;
  link_url: string | null;
}

/** One public row or site page: the fields each page kind reads, all optional. */
export interface Row {
  id: number;
  key?: string;
  title?: string;
  name?: string;
  slug?: string;
  /** Where the row's page is, as the API gives it: a website never builds paths itself. */
  path?: string | null;
  /** The fields shown in the site's default language, for want of their own (server/public/present.ts). */
  fallback?: string[];
  summary?: string | null;
  intro?: string | null;
  body?: string | null;
  description?: string | null;
  image?: Media | null;
  logo?: Media | null;
  gallery?: Media[];
  blocks?: Block[];
  brand?: Ref | null;
  category?: Ref | null;
  product?: Ref | null;
  badge?: string | null;
  price?: number | null;
  sku?: string | null;
  model?: string | null;
  model_year?: number | null;
  year?: number | null;
  hours?: number | null;
  power_hp?: number | null;
  condition?: string | null;
  status?: string;
  specs?: { name: string; value: string }[];
  brochure?: Media | null;
  video_url?: string | null;
  website?: string | null;
  location_name?: string | null;
  location?: Place | null;
  publish_at?: string | null;
  valid_to?: string | null;
  items_per_page?: number;
  featured_limit?: number;
  hero_title?: string | null;
  hero_text?: string | null;
  hero_image?: Media | null;
  hero_link_label?: string | null;
  hero_link_url?: string | null;
  featured_title?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  opening_hours?: Hours[];
  last_updated?: string | null;
}

/** `route?path=`: what a path shows. */
export interface Resolved {
  type: string;
  language: string;
  object: Row;
  alternates: Record<string, string>;
  seo: Seo | null;
}

export interface ListAnswer {
  items: Row[];
  paginator: { page: number; pages: number; has_next: boolean; has_previous: boolean };
}
