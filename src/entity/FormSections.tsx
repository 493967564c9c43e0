import { Suspense } from 'react';
import type { EntityDef } from '../../entities/define';
import { LANGUAGE_NAMES, type Language } from '../../locales/languages';
import { useT } from '../i18n/i18n';
import { FormField } from './FormField';
import { rootField } from './errorPlace';
import { PANELS } from './panels';
import type { FormActor } from './useEntityForm';

interface SectionsProps {
  entity: EntityDef;
  actor: FormActor;
  /** The form's language tabs, each with its error dot. */
  languageTabs: Array<{ lang: string; hasErrors: boolean }>;
  defaultLanguage: string;
  language: string;
  setLanguage: (language: string) => void;
  tab: number;
  setTab: (tab: number) => void;
  /** Paths with errors: their sections get a dot. */
  errorPaths: string[];
  readOnly: boolean;
  /** The row's id once it exists: a tab's panel (entities/define.ts `FormTab.panel`) shows only then, to those who may change the row. */
  rowId: number | undefined;
}

/**
 * The body of an entity form: the language tabs (translated entities), the section tabs of
 * the declaration, and the shown section's groups of fields in the shown language.
 */
export function FormSections({ entity, actor, languageTabs, defaultLanguage, language, setLanguage, tab, setTab, errorPaths, readOnly, rowId }: SectionsProps) {
  const t = useT();
  const translated = Object.values(entity.fields).some((f) => f.translated);
  const tabs = entity.form.tabs;
  const errorRoots = new Set(errorPaths.map(rootField));
  const tabHasErrors = (i: number) => !!tabs[i]?.groups.some((g) => g.fields.some((f) => errorRoots.has(f)));
  return (
    <>
      {translated && languageTabs.length > 1 && (
        <div className="flex flex-wrap items-center gap-1 border-b border-surface-border" role="tablist" aria-label={t('form.languages')}>
          {languageTabs.map((tb) => (
            <button
              key={tb.lang}
              type="button"
              role="tab"
              aria-selected={language === tb.lang}
              onClick={() => setLanguage(tb.lang)}
              className={`relative -mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm ${language === tb.lang ? 'border-brand-ink text-ink' : 'border-transparent text-ink-muted hover:text-ink'}`}
              data-lang={tb.lang}
            >
              <span className="font-mono text-xs uppercase">{tb.lang}</span>
              <span className="hidden sm:inline">{LANGUAGE_NAMES[tb.lang as Language] ?? tb.lang}</span>
              {tb.lang === defaultLanguage && <span className="text-[10px] text-ink-faint">({t('form.defaultLanguage')})</span>}
              {tb.hasErrors && <span className="h-2 w-2 rounded-full bg-danger" data-testid={`lang-error-${tb.lang}`} aria-label={t('form.tabHasErrors')} />}
            </button>
          ))}
        </div>
      )}
      {tabs.length > 1 && (
        <div className="flex flex-wrap gap-1" role="tablist" aria-label={t('form.sections')}>
          {tabs.map((tb, i) => (
            <button
              key={tb.label}
              type="button"
              role="tab"
              aria-selected={tab === i}
              onClick={() => setTab(i)}
              className={`flex items-center gap-2 rounded-md px-3 py-1.5 text-sm ${tab === i ? 'bg-surface-overlay text-ink' : 'text-ink-muted hover:bg-surface-raised hover:text-ink'}`}
              data-tab={i}
            >
              {t(tb.label)}
              {tabHasErrors(i) && <span className="h-2 w-2 rounded-full bg-danger" aria-label={t('form.tabHasErrors')} />}
            </button>
          ))}
        </div>
      )}
      {tabs.map((tb, i) => (
        <div key={tb.label} role={tabs.length > 1 ? 'tabpanel' : undefined} hidden={tab !== i} className="flex flex-col gap-4">
          {tab === i &&
            tb.groups.map((g, gi) => (
              <section key={gi} className="rounded-lg border border-surface-border bg-surface-raised p-4">
                {g.label && <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-ink-muted">{t(g.label)}</h2>}
                <div className={`grid gap-4 ${g.columns === 2 ? 'sm:grid-cols-2' : ''}`}>
                  {g.fields.map((name) => {
                    const field = entity.fields[name];
                    if (!field) return null;
                    const path = field.translated ? `translations.${language}.${name}` : name;
                    return (
                      <FormField
                        key={path}
                        actor={actor}
                        name={name}
                        field={field}
                        path={path}
                        language={field.translated ? language : undefined}
                        readOnly={readOnly}
                      />
                    );
                  })}
                </div>
              </section>
            ))}
          {tab === i && tb.panel && rowId !== undefined && !readOnly && <Panel name={tb.panel} rowId={rowId} />}
        </div>
      ))}
    </>
  );
}

function Panel({ name, rowId }: { name: keyof typeof PANELS; rowId: number }) {
  const Shown = PANELS[name];
  return (
    <Suspense fallback={<div className="h-24 animate-pulse rounded-lg bg-surface-raised" aria-busy="true" />}>
      <Shown rowId={rowId} />
    </Suspense>
  );
}
