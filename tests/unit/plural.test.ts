import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../locales/languages';
import { activateLanguage, loadMessages, t } from '../../src/i18n/i18n';
import { pluralForm } from '../../src/i18n/plural';

afterEach(() => activateLanguage('en'));

describe('count messages (Intl.PluralRules)', () => {
  it('pick the form each language uses for a count', () => {
    const forms = (language: Language) => [0, 1, 2, 5, 11, 21, 22, 25, 101].map((n) => pluralForm(language, n));
    expect(forms('en')).toEqual(['other', 'one', 'other', 'other', 'other', 'other', 'other', 'other', 'other']);
    expect(forms('ru')).toEqual(['many', 'one', 'few', 'many', 'many', 'one', 'few', 'many', 'one']);
    expect(forms('pl')).toEqual(['many', 'one', 'few', 'many', 'many', 'many', 'few', 'many', 'many']);
    expect(forms('rs')).toEqual(['other', 'one', 'few', 'other', 'other', 'one', 'few', 'other', 'one']);
    expect(forms('bs')).toEqual(forms('rs'));
    // Chromium's ICU has no Macedonian or Albanian rules: ours stand in.
    expect(forms('mk')).toEqual(['other', 'one', 'other', 'other', 'other', 'one', 'other', 'other', 'one']);
    expect(forms('al')).toEqual(['other', 'one', 'other', 'other', 'other', 'other', 'other', 'other', 'other']);
    expect(forms('fr')).toEqual(['one', 'one', 'other', 'other', 'other', 'other', 'other', 'other', 'other']);
  });

  it('a single delete reads in the singular, many in the plural', () => {
    expect(t('mediaGallery.deleteSelected', { count: 1 })).toBe('Delete 1 selected media file? This cannot be undone.');
    expect(t('mediaGallery.deleteSelected', { count: 3 })).toBe('Delete the 3 selected media files? This cannot be undone.');
    expect(t('list.mediaCount', { count: 1 })).toBe('1 file');
    expect(t('list.mediaCount', { count: 7 })).toBe('7 files');
  });

  it('every language writes every count it is given in its own form', async () => {
    for (const language of LANGUAGES) {
      await loadMessages(language);
      activateLanguage(language);
      for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 1000, 1_000_000]) {
        const text = t('list.deleteSuccess', { count });
        expect(text, `${language} ${count}`).toContain(String(count));
        expect(text).not.toBe('list.deleteSuccess');
      }
    }
    activateLanguage('ru');
    expect([1, 3, 5, 21].map((count) => t('list.mediaCount', { count }))).toEqual(['1 файл', '3 файла', '5 файлов', '21 файл']);
    activateLanguage('pl');
    expect([1, 3, 5, 22].map((count) => t('list.mediaCount', { count }))).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki']);
  });
});
