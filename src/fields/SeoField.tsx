import type { SeoField as SeoDef } from '../../entities/fields';
import { slugify } from '../../entities/formats';
import { SEO_LIMITS } from '../../entities/fieldTypes/seo';
import { useSessionView } from '../app/services/session';
import { useT } from '../i18n/i18n';
import type { FieldWidgetProps } from './types';
import { inputClass } from './ui';

export interface Seo {
  title: string;
  description: string;
  slug: string;
}

/** What a search result shows before cutting the text (Google's usual lengths). */
export const SEO_TITLE_CHARS = 60;
export const SEO_DESCRIPTION_CHARS = 155;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function Counter({ length, max, testId }: { length: number; max: number; testId: string }) {
  const state = length > max ? 'text-danger' : length > max * 0.9 ? 'text-amber-400' : 'text-ink-faint';
  return (
    <span className={`text-[11px] tabular-nums ${state}`} data-testid={testId}>
      {length}/{max}
    </span>
  );
}

/** Search-engine title, description and permalink, with a preview of the result as a search engine shows it. */
export default function SeoField({ name, value, onChange, errors, disabled, id, language }: FieldWidgetProps<Seo | null, SeoDef>) {
  const t = useT();
  const domain = useSessionView((s) => s.tenant?.domain ?? window.location.hostname);
  const seo: Seo = { title: value?.title ?? '', description: value?.description ?? '', slug: value?.slug ?? '' };
  const set = (key: keyof Seo, v: string) => onChange({ ...seo, [key]: v });
  const crumbs = [domain, ...(language ? [language] : []), ...(seo.slug ? [seo.slug] : [])];
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2" id={id}>
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          <span className="flex justify-between">
            {t('fields.seo.title')}
            <Counter length={seo.title.length} max={SEO_TITLE_CHARS} testId={`${name}-title-count`} />
          </span>
          <input
            name={`${name}.title`}
            value={seo.title}
            maxLength={SEO_LIMITS.title}
            disabled={disabled}
            aria-invalid={invalid}
            onChange={(e) => set('title', e.target.value)}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          <span className="flex justify-between">
            {t('fields.seo.description')}
            <Counter length={seo.description.length} max={SEO_DESCRIPTION_CHARS} testId={`${name}-description-count`} />
          </span>
          <textarea
            name={`${name}.description`}
            rows={3}
            value={seo.description}
            maxLength={SEO_LIMITS.description}
            disabled={disabled}
            onChange={(e) => set('description', e.target.value)}
            className={`${inputClass} resize-y`}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('fields.seo.slug')}
          <input
            name={`${name}.slug`}
            value={seo.slug}
            maxLength={SEO_LIMITS.slug}
            spellCheck={false}
            disabled={disabled}
            onChange={(e) => set('slug', e.target.value)}
            onBlur={() => seo.slug && slugify(seo.slug) !== seo.slug && set('slug', slugify(seo.slug))}
            className={`${inputClass} font-mono`}
          />
        </label>
      </div>
      <figure className="self-start rounded-lg bg-white p-4 font-[arial,sans-serif] text-left" data-testid={`${name}-preview`}>
        <figcaption className="mb-2 text-[11px] uppercase tracking-wide text-gray-500">{t('fields.seo.preview')}</figcaption>
        <p className="truncate text-sm text-[#202124]">{crumbs.join(' › ')}</p>
        <p className="mt-1 text-xl leading-snug text-[#1a0dab]">
          {seo.title ? cut(seo.title, SEO_TITLE_CHARS) : <span className="text-gray-400">{t('fields.seo.titlePlaceholder')}</span>}
        </p>
        <p className="mt-1 text-sm leading-normal text-[#4d5156]">
          {seo.description ? cut(seo.description, SEO_DESCRIPTION_CHARS) : <span className="text-gray-400">{t('fields.seo.descriptionPlaceholder')}</span>}
        </p>
      </figure>
    </div>
  );
}
