import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appPath, chooseLanguage, languageFromPath, localizedUrl } from '../../machines/language.helpers';
import { languageMachine } from '../../machines/language.machine';
import { languageModel } from '../../machines/language.model';
import type { Language } from '../../locales/languages';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(languageModel);

describe('language machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(languageMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(languageMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const applied: string[] = [];
      const actor = await walkPath(languageModel, path, {
        actions: { apply: (_: unknown, p: { language: string }) => void applied.push(p.language), warn: () => {} },
      });
      // Once ready, the language in use is always the one last applied.
      if (actor.getSnapshot().matches('ready')) expect(applied.at(-1)).toBe(actor.getSnapshot().context.language);
    });
  }
});

describe('language behaviour', () => {
  it('falls back to English with a warning when the chosen locale cannot load', async () => {
    const warnings: string[] = [];
    const actor = createActor(
      languageMachine.provide({
        actors: { loadLocale: fromPromise<unknown, { language: Language }>(async () => Promise.reject(new Error('404'))) },
        actions: { warn: (_, p) => void warnings.push(p.language) },
      }),
      { input: { language: 'fr' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(warnings).toEqual(['fr']);
  });

  it('keeps the current language when switching fails', async () => {
    let fail = false;
    const actor = createActor(
      languageMachine.provide({
        actors: { loadLocale: fromPromise<unknown, { language: Language }>(async () => (fail ? Promise.reject(new Error('x')) : {})) },
      }),
      { input: { language: 'it' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    fail = true;
    actor.send({ type: 'language.change', language: 'de' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.language).toBe('it');
  });
});

describe('language choice (spec §2, §9)', () => {
  const base = { pathname: '/backoffice/', browser: [] as string[] };
  it('prefers the URL prefix, then the cookie, then the browser, then the site default, then English', () => {
    expect(chooseLanguage({ ...base, pathname: '/backoffice/de/products', cookie: 'it', siteDefault: 'es', browser: ['fr'] })).toBe('de');
    expect(chooseLanguage({ ...base, cookie: 'it', siteDefault: 'es', browser: ['fr'] })).toBe('it');
    for (const [tag, lang] of [
      ['de-DE', 'de'],
      ['fr-FR', 'fr'],
      ['ru-RU', 'ru'],
    ] as const) {
      expect(chooseLanguage({ ...base, siteDefault: 'en', browser: [tag, 'en-US'] })).toBe(lang);
      expect(chooseLanguage({ ...base, siteDefault: 'it', browser: [tag] })).toBe(lang);
    }
    // A browser in languages we do not have leaves the choice to the site.
    expect(chooseLanguage({ ...base, siteDefault: 'es', browser: ['ja-JP', 'zh'] })).toBe('es');
    expect(chooseLanguage({ ...base, browser: ['xx-YY', 'fr-CA'] })).toBe('fr');
    expect(chooseLanguage({ ...base, browser: ['sr-Latn'] })).toBe('rs');
    expect(chooseLanguage(base)).toBe('en');
    expect(chooseLanguage({ ...base, cookie: 'klingon' })).toBe('en');
  });
  it('reads and rewrites the language prefix, leaving the default locale unprefixed', () => {
    expect(languageFromPath('/backoffice/it/tenants')).toBe('it');
    expect(languageFromPath('/backoffice/en/tenants')).toBeUndefined();
    expect(languageFromPath('/backoffice/tenants')).toBeUndefined();
    expect(appPath('/backoffice/it/tenants/3')).toBe('/tenants/3');
    expect(appPath('/backoffice/it')).toBe('/');
    expect(localizedUrl('/backoffice/tenants/3', '?page=2', 'it')).toBe('/backoffice/it/tenants/3?page=2');
    expect(localizedUrl('/backoffice/it/tenants', '', 'en')).toBe('/backoffice/tenants');
    expect(localizedUrl('/backoffice/it/', '', 'de')).toBe('/backoffice/de/');
  });
});
